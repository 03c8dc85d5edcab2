import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDateLongIN } from '../../../lib/format';
import type { AdminBrief } from '../../../lib/schemas/brief';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_TITLE_LENGTH,
  type ClientDocumentLink,
} from '../../../lib/schemas/clientDocument';
import { failureMessage } from '../api/request';
import { clientDocumentsQuery, deleteDocument, documentKeys, uploadDocument } from './documentsApi';
import './clients.css';

// Beside a client's sessions on the person's page (docs/client-space.md): their answers before
// the first session, and the PDFs shared with them, with an upload and a remove.

/** The client's brief as the owner reads it: each question and its answer. */
export function ClientBriefAnswers({ brief }: { brief: AdminBrief }) {
  const answered = brief.items.filter((item) => item.answer !== '');
  return (
    <details className="adm-client-brief" data-testid="client-brief">
      <summary>
        Before the first session:{' '}
        {answered.length === 0 ? 'not answered yet' : `${answered.length} of ${brief.items.length} answered`}
      </summary>
      {answered.length > 0 ? (
        <dl>
          {brief.items.map((item) => (
            <div key={item.id}>
              <dt>{item.label}</dt>
              <dd>{item.answer || '—'}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </details>
  );
}

const MB = 1024 * 1024;

/** The client's documents: an upload (a title and a PDF) and the list, each with a remove. */
export function ClientDocumentsAdmin({ clientId, name }: { clientId: string; name: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const list = useQuery(clientDocumentsQuery(clientId));
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Give the document a title';
    if (!file) found.file = 'Choose a PDF file';
    else if (file.size > MAX_DOCUMENT_BYTES) found.file = `At most ${MAX_DOCUMENT_BYTES / MB} MB`;
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      const document = await uploadDocument(clientId, title, file, ({ sent, parts }) =>
        setProgress(`Uploading… ${sent} of ${parts}`),
      );
      setStatus(`Uploaded “${document.title}”. ${name} is told by e-mail.`);
      setTitle('');
      if (fileRef.current) fileRef.current.value = '';
      await queryClient.invalidateQueries({ queryKey: documentKeys.of(clientId) });
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      setErrors(fields);
      setStatus(failureMessage(error, 'The document could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function remove(document: ClientDocumentLink) {
    setBusy(true);
    try {
      await deleteDocument(clientId, document.id);
      setStatus(`Removed “${document.title}”.`);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: documentKeys.of(clientId) });
    } catch (error) {
      setStatus(failureMessage(error, 'The document could not be removed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const documents = list.data?.items ?? [];
  return (
    <div className="adm-client-documents" data-testid="client-documents-admin">
      <form className="adm-doc-upload" onSubmit={(event) => void upload(event)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-title`}>Document title</label>
          <input
            id={`${ids}-title`}
            value={title}
            maxLength={MAX_DOCUMENT_TITLE_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? `${ids}-title-error` : undefined}
          />
          {errors.title ? (
            <p className="error" id={`${ids}-title-error`}>
              {errors.title}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-file`}>PDF file (at most {MAX_DOCUMENT_BYTES / MB} MB)</label>
          <input
            id={`${ids}-file`}
            ref={fileRef}
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={Boolean(errors.file)}
            aria-describedby={errors.file ? `${ids}-file-error` : undefined}
          />
          {errors.file ? (
            <p className="error" id={`${ids}-file-error`}>
              {errors.file}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-secondary adm-btn-sm" disabled={busy}>
          {busy ? 'Working…' : 'Upload a PDF'}
          <span className="visually-hidden"> for {name}</span>
        </button>
      </form>
      <p className="adm-panel-note" aria-live="polite">
        {progress ?? status}
      </p>
      {list.isError ? <p className="adm-panel-note">The documents could not be loaded.</p> : null}
      {documents.length > 0 ? (
        <ul className="adm-doc-list" role="list" aria-label={`Documents shared with ${name}`}>
          {documents.map((document) => (
            <li key={document.id} data-testid="client-document">
              <a href={document.url} download>
                {document.title}
              </a>
              <span className="adm-doc-meta">
                {formatDateLongIN(document.uploadedAt) ?? document.uploadedAt.slice(0, 10)} ·{' '}
                {Math.max(1, Math.round(document.bytes / 1024))} KB
              </span>
              {confirming === document.id ? (
                <span className="adm-doc-confirm" role="group" aria-label={`Remove ${document.title}?`}>
                  <button
                    type="button"
                    className="btn btn-outline adm-btn-sm"
                    disabled={busy}
                    onClick={() => void remove(document)}
                  >
                    Yes, remove
                  </button>
                  <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(document.id)}>
                  Delete<span className="visually-hidden"> {document.title}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : list.isSuccess ? (
        <p className="adm-panel-note">No documents shared yet.</p>
      ) : null}
    </div>
  );
}
