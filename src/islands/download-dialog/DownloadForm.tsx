import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { downloadFileName } from '../../lib/downloadFileName';
import { findResource } from '../../lib/resourceCatalogue';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { downloadFormSchema, stageOptionsFor, type DownloadForm as DownloadFields } from '../../lib/schemas/download';
import { closeDownload } from '../../stores/dialogs';
import { toast } from '../../stores/toasts';
import { Modal, useCloseModal } from '../dialog/Modal';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import './download-dialog.css';
import NoticeLink from '../NoticeLink';
import MinorQuestion from '../MinorQuestion';

/** The file starts downloading 2 s after the request is stored. */
export const DOWNLOAD_DELAY_MS = 2000;

type Draft = Record<keyof DownloadFields | 'minor' | 'parentName', string>;
type Errors = Partial<Record<keyof Draft, string>>;
const empty: Draft = { fullName: '', email: '', mobile: '', currentStage: '', minor: '', parentName: '' };

export default function DownloadForm({ resourceId }: { resourceId: string }) {
  const resource = findResource(resourceId);
  // Unknown or not downloadable: nothing to show, and the request is dropped.
  useEffect(() => {
    if (!resource?.downloadUrl) closeDownload();
  }, [resource]);
  if (!resource?.downloadUrl) return null;
  const { title, downloadUrl, type } = resource;

  return (
    <Modal
      labelledBy="download-title"
      describedBy="download-intro"
      onClose={closeDownload}
      closeOnBackdrop
      testId="download-dialog"
    >
      <div className="modal-head">
        <span className="modal-eyebrow">Free {type === 'guide' ? 'PDF guide' : type}</span>
        <h2 id="download-title">{title}</h2>
        <p id="download-intro">Tell us a little about you and your download starts right away.</p>
      </div>
      <Fields resourceId={resourceId} title={title} downloadUrl={downloadUrl} />
    </Modal>
  );
}

function Fields({ resourceId, title, downloadUrl }: { resourceId: string; title: string; downloadUrl: string }) {
  const close = useCloseModal();
  const [draft, setDraft] = useState<Draft>(empty);
  const [whatsapp, setWhatsapp] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<'idle' | 'sending' | 'preparing'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  // A school student may be under 18: then the parent's details, and the details wait for the parent.
  const student = draft.currentStage.startsWith('class');
  const child = student && draft.minor === 'yes';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'idle') return;
    const form = new FormData(event.currentTarget);
    const parsed = downloadFormSchema.safeParse(draft);
    const next: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= issue.message;
    if (student && !draft.minor) next.minor = 'Say whether the student is under 18';
    if (child && !draft.parentName.trim()) next.parentName = "Parent's name is required";
    if (!parsed.success || Object.keys(next).length > 0) {
      setErrors(next);
      return;
    }
    setPhase('sending');
    let held = false;
    try {
      const answer = await api.postLead<{ status?: string }>('/api/resource-downloads', {
        ...parsed.data,
        resourceId,
        resourceTitle: title,
        ...(student ? { minor: child } : {}),
        ...(child
          ? { parentName: draft.parentName.trim(), parentPhone: parsed.data.mobile, parentEmail: parsed.data.email }
          : {}),
        ...optInBody(whatsapp),
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      });
      held = answer.status === 'awaiting-parent';
    } catch {
      toast({
        title: 'Download Failed',
        description: 'There was an error processing your download. Please try again.',
        variant: 'destructive',
      });
      setPhase('idle');
      return;
    }
    setPhase('preparing');
    timer.current = window.setTimeout(() => {
      setDraft(empty);
      setWhatsapp(false);
      setPhase('idle');
      // Close first: while the modal is open the rest of the page is inert.
      close();
      saveFile(downloadUrl, downloadFileName(title));
      toast({
        title: 'Download Started',
        description: held
          ? `${title} is downloading. We have asked the parent to confirm before we keep any details.`
          : `${title} is downloading. Thank you for your interest!`,
        variant: 'success',
      });
    }, DOWNLOAD_DELAY_MS);
  }

  const errorId = (field: keyof Draft) => (errors[field] ? `download-${field}-error` : undefined);
  const fieldProps = (field: keyof Draft) => ({
    id: `download-${field}`,
    name: field,
    value: draft[field],
    onChange: update(field),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errorId(field),
  });
  const error = (field: keyof Draft) =>
    errors[field] ? (
      <p className="error" id={`download-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="download-form" onSubmit={submit} noValidate data-testid="download-form">
      <div className="field">
        <label htmlFor="download-fullName">
          {child ? "Student's name" : 'Full Name'}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input {...fieldProps('fullName')} autoComplete="name" required data-autofocus />
        {error('fullName')}
      </div>
      <div className="download-row">
        <div className="field">
          <label htmlFor="download-email">
            {child ? "Parent's e-mail" : 'Email'}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input {...fieldProps('email')} type="email" autoComplete="email" required />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="download-mobile">
            {child ? "Parent's mobile" : 'Mobile Number'}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            {...fieldProps('mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            required
          />
          {error('mobile')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="download-currentStage">
          Current Stage{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <select {...fieldProps('currentStage')} required>
          <option value="" disabled>
            Select your current stage
          </option>
          {stageOptionsFor(resourceId).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error('currentStage')}
      </div>
      {student && (
        <MinorQuestion
          value={draft.minor}
          onChange={update('minor')}
          error={errors.minor ? { id: 'download-minor-error', message: errors.minor } : null}
        />
      )}
      {child && (
        <div className="field">
          <label htmlFor="download-parentName">
            Parent's name{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input {...fieldProps('parentName')} autoComplete="name" required />
          {error('parentName')}
        </div>
      )}
      <WhatsappOptIn id="download-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="download-website">Leave this empty</label>
        <input id="download-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn-secondary btn-block" disabled={phase !== 'idle'}>
        {phase === 'sending' ? 'Processing...' : phase === 'preparing' ? 'Preparing Download...' : 'Download Now'}
      </button>
      <p className="download-fine" role="status">
        {phase === 'preparing'
          ? 'Your file is being prepared and will download in a moment.'
          : 'We respect your privacy and never share your details.'}
      </p>
      <NoticeLink form="download" />
    </form>
  );
}

/** Saves the file through a temporary link: same origin, so the name given here is the one the browser uses. */
function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
