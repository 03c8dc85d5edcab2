import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api, ApiError, failureMessage } from '../../lib/api-client';
import { formatDateTimeIST } from '../../lib/admin/istDates';
import { type ConsentPurpose, consentPurposeWords } from '../../lib/privacy/consent';
import { myDataCsv, myDataJson } from '../../lib/privacy/myDataExport';
import type { MyDataRecord, MyDataView } from '../../lib/schemas/privacy';
import './my-data.css';

// A person's own data (docs/privacy.md, "Rights"), opened by their one-time link: what is
// stored, a download, corrections, each consent withdrawn in one tap, and erasure.

interface Props {
  initial: MyDataView;
  requestId: string;
  token: string;
}

const kindLabels: Record<string, string> = {
  booking: 'Call request or package enquiry',
  contact: 'Contact message',
  download: 'Resource download',
  subscriber: 'Newsletter subscription',
  corporateEnquiry: 'Corporate enquiry',
  payment: 'Payment',
  client: 'Client record',
  call: 'Discovery call',
  session: 'Coaching session',
  'payment-request': 'Payment link',
  invoice: 'Tax invoice',
  receipt: 'Receipt',
  'credit-note': 'Credit note',
  brief: 'Your answers before your first session',
  'client-document': 'A document from your coach',
};
const when = (at: string) => formatDateTimeIST(at) ?? at;

/** The stored fields' names in words; any other is shown as stored. */
const fieldLabels: Record<string, string> = {
  name: 'Name',
  fullName: 'Name',
  customerName: 'Name',
  phone: 'Phone',
  mobile: 'Phone',
  customerPhone: 'Phone',
  email: 'E-mail',
  customerEmail: 'E-mail',
  message: 'Message',
  whoIsThisFor: 'Who it is for',
  currentStage: 'Career stage',
  background: 'Background',
  notes: 'Notes',
  status: 'Status',
  packageName: 'Package',
  resourceTitle: 'Resource',
  company: 'Company',
  role: 'Role',
  start: 'Starts',
  end: 'Ends',
  amount: 'Amount (₹)',
  'attribution.source': 'How you found us',
  'attribution.medium': 'Through',
  'attribution.campaign': 'Campaign',
  'attribution.referrer': 'The site that sent you',
  'attribution.landingPage': 'First page you opened',
};

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function Record({ record }: { record: MyDataRecord }) {
  return (
    <details className="my-data-record" data-testid="my-data-record">
      <summary>
        <span className="my-data-kind">{kindLabels[record.kind] ?? record.kind}</span>
        <span className="my-data-when">{when(record.createdAt)}</span>
        {record.kept && <span className="my-data-kept-badge">Kept by law</span>}
      </summary>
      {record.kept && (
        <p className="my-data-kept">
          {record.kept.reason}, until {when(record.kept.until)}.
        </p>
      )}
      <dl>
        {Object.entries(record.fields).map(([field, value]) => (
          <div key={field}>
            <dt>{fieldLabels[field] ?? field}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export default function MyData({ initial, requestId, token }: Props) {
  const [view, setView] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmErase, setConfirmErase] = useState(false);
  const [erased, setErased] = useState(false);
  const done = useRef<HTMLDivElement>(null);
  // The erase button sits at the end of a long page: the answer is brought into view and focus.
  useEffect(() => {
    if (erased) done.current?.focus();
  }, [erased]);
  const base = `/api/privacy/my-data/${requestId}`;
  const query = `?token=${encodeURIComponent(token)}`;
  const purposes = [...new Set(view.consents.map((consent) => consent.purpose))];
  const kept = view.records.filter((record) => record.kept);

  async function correct(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const change = Object.fromEntries(
      ['name', 'email', 'phone'].flatMap((field) => {
        const value = String(form.get(field) ?? '').trim();
        return value ? [[field, value]] : [];
      }),
    );
    setErrors({});
    setMessage(null);
    setProblem(null);
    if (Object.keys(change).length === 0) {
      setErrors({ name: 'Type the name, e-mail or phone as it should be' });
      return;
    }
    try {
      setView(await api.patch<MyDataView>(`${base}${query}`, change));
      setMessage(
        'Corrected on every record we may change. This link still shows what is under the address it was sent to: for a new e-mail or number, ask for a link to it.',
      );
      event.currentTarget?.reset();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) setErrors(failure.fields);
      else setProblem(failureMessage(failure, 'The correction could not be saved. Please try again.'));
    }
  }

  async function withdraw(purpose: ConsentPurpose) {
    setMessage(null);
    setProblem(null);
    try {
      const { status } = await api.post<{ status: string }>(`${base}/withdraw${query}`, { purpose });
      if (status === 'erasing') {
        setErased(true);
        return;
      }
      setView(await api.get<MyDataView>(`${base}${query}`));
      setMessage(`Withdrawn: ${consentPurposeWords[purpose]}.`);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The consent could not be withdrawn. Please try again.'));
    }
  }

  async function erase() {
    setProblem(null);
    try {
      await api.post(`${base}/erase${query}`);
      setErased(true);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The erasure could not be started. Please try again.'));
    }
  }

  if (erased)
    return (
      <div className="my-data-done card" role="status" tabIndex={-1} ref={done} data-testid="my-data-erased">
        <h2>Your data is being erased</h2>
        <p>Everything we hold about you is erased within a few minutes, and this link stops working.</p>
        {kept.length > 0 && (
          <p>
            The GST law requires us to keep {kept.length === 1 ? 'one record' : `${kept.length} records`} of your
            payments ({[...new Set(kept.map((record) => kindLabels[record.kind] ?? record.kind))].join(', ')}) for 72
            months. They are used for nothing else.
          </p>
        )}
      </div>
    );

  return (
    <div className="my-data" data-testid="my-data">
      <section className="my-data-summary card" aria-labelledby="my-data-summary">
        <h2 id="my-data-summary">What we hold</h2>
        <p>
          {view.records.length === 0
            ? 'We hold nothing under '
            : `${view.records.length} ${view.records.length === 1 ? 'record' : 'records'} under `}
          <strong>{view.verified.value}</strong>. This link works until {when(view.linkExpiresAt)}.
        </p>
        {view.person.names.length > 0 && <p>Names: {view.person.names.join(', ')}</p>}
        <div className="my-data-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => download('my-data.json', 'application/json', myDataJson(view))}
          >
            Download (JSON)
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => download('my-data.csv', 'text/csv', myDataCsv(view))}
          >
            Download (CSV)
          </button>
        </div>
      </section>

      {message && (
        <p className="my-data-message" role="status">
          {message}
        </p>
      )}
      {problem && (
        <p className="my-data-problem" role="alert">
          {problem}
        </p>
      )}

      <section aria-labelledby="my-data-records">
        <h2 id="my-data-records">Your records</h2>
        {view.records.map((record) => (
          <Record key={`${record.kind}-${record.id}`} record={record} />
        ))}
      </section>

      <section className="card" aria-labelledby="my-data-consents">
        <h2 id="my-data-consents">What you agreed to</h2>
        {purposes.length === 0 ? (
          <p>No consent of yours is in force.</p>
        ) : (
          <ul className="my-data-consents">
            {purposes.map((purpose) => {
              const latest = view.consents.find((consent) => consent.purpose === purpose)!;
              return (
                <li key={purpose}>
                  <span>
                    <strong>{consentPurposeWords[purpose]}</strong>
                    <small>Given {when(latest.at)}</small>
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => withdraw(purpose)}
                    data-testid={`withdraw-${purpose}`}
                  >
                    Withdraw
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="hint">Withdrawing "answer my request" erases your requests, as erasing below does.</p>
      </section>

      <section className="card" aria-labelledby="my-data-correct">
        <h2 id="my-data-correct">Correct your details</h2>
        <form onSubmit={correct} noValidate data-testid="my-data-correct-form">
          {(['name', 'email', 'phone'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`my-data-${field}`}>{{ name: 'Name', email: 'E-mail', phone: 'Phone' }[field]}</label>
              <input
                id={`my-data-${field}`}
                name={field}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                aria-invalid={Boolean(errors[field])}
                aria-describedby={errors[field] ? `my-data-${field}-error` : undefined}
              />
              {errors[field] && (
                <p className="error" id={`my-data-${field}-error`}>
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
          <button type="submit" className="btn btn-secondary">
            Save corrections
          </button>
        </form>
        <p className="hint">Payments and invoices stay as they were issued: the tax law keeps them as records.</p>
      </section>

      <section className="card my-data-erase" aria-labelledby="my-data-erase">
        <h2 id="my-data-erase">Erase everything</h2>
        <p>
          We erase every record above, your calls and sessions still ahead included (their times are freed), and stop
          every message. Only what the GST law keeps stays, for nothing but the law.
        </p>
        {confirmErase ? (
          <div className="my-data-actions" role="group" aria-label="Confirm erasure">
            <button type="button" className="btn btn-danger" onClick={erase} data-testid="my-data-erase-confirm">
              Yes, erase my data
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmErase(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setConfirmErase(true)}
            data-testid="my-data-erase"
          >
            Erase my data
          </button>
        )}
      </section>
    </div>
  );
}
