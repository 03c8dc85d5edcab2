import type { BlogPost } from '../../../lib/schemas/blogPost';
import { useModalDialog } from '../ui/useModalDialog';

/**
 * The question before a post is deleted, in a native modal <dialog>: it traps focus, closes on
 * Escape and gives focus back to the Delete button that opened it.
 */
export function ConfirmDelete({
  post,
  deleting,
  onConfirm,
  onClose,
}: {
  post: BlogPost;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-confirm"
      aria-labelledby="adm-delete-title"
      aria-describedby="adm-delete-question"
      onClose={onClose}
    >
      <h2 id="adm-delete-title">Delete this post?</h2>
      <p id="adm-delete-question">Are you sure you want to delete "{post.title}"? This action cannot be undone.</p>
      <div className="adm-dialog-actions">
        <button
          type="button"
          className="btn btn-outline adm-btn-sm"
          onClick={() => dialog.current?.close()}
          disabled={deleting}
          // Focus moves into an open dialog, onto the safe choice.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        >
          Cancel
        </button>
        <button type="button" className="btn adm-btn-sm adm-btn-danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </dialog>
  );
}
