import { useId } from 'react';
import { useContentPreview } from './useContentPreview';

/** The content as the public post page will show it: rendered and sanitised by the server. */
export function ContentPreview({ content }: { content: string }) {
  const id = useId();
  const preview = useContentPreview(content);
  return (
    <section className="adm-editor-preview" aria-labelledby={`${id}-title`} aria-busy={preview.pending}>
      <h3 id={`${id}-title`} className="adm-editor-preview-title">
        Preview{' '}
        <span className="adm-editor-preview-note">{preview.pending ? 'updating…' : 'as on the public page'}</span>
      </h3>
      {preview.error ? <p className="adm-inline-error">{preview.error}</p> : null}
      {content.trim() === '' ? (
        <p className="adm-editor-preview-empty">The content appears here as you write it.</p>
      ) : (
        // The server renders with the public page's pipeline and sanitiser, so this HTML is safe
        // (docs/decisions/0019-sanitise-stored-post-html.md).
        <div className="adm-prose" data-testid="editor-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
      )}
    </section>
  );
}
