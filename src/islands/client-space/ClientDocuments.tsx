import type { ClientDocumentLink } from '../../lib/schemas/clientDocument';

// "Your documents" (docs/client-space.md): what the coach shared, each a plain link that
// downloads the PDF through the client's own token, with or without script.

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const dateOf = (at: string) =>
  new Date(at).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

export function ClientDocuments({ documents }: { documents: readonly ClientDocumentLink[] }) {
  return (
    <section className="client-section" aria-labelledby="client-documents">
      <h2 id="client-documents">Your documents</h2>
      {documents.length === 0 ? (
        <p className="client-empty">Reports and plans from your coach will be listed here to download.</p>
      ) : (
        <ul className="client-invoices" role="list" data-testid="client-documents">
          {[...documents].reverse().map((document) => (
            <li key={document.id}>
              <a href={document.url} download>
                {document.title}
              </a>{' '}
              <span className="client-status">
                PDF, {sizeOf(document.bytes)}, {dateOf(document.uploadedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
