import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MutableRefObject, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { AI_NOT_CONFIGURED } from '../../../lib/schemas/aiDrafting';
import type { BlogPost } from '../../../lib/schemas/blogPost';
import { toast } from '../../../stores/toasts';
import { adminApi, AdminApiError, failureMessage } from '../api';
import { aiStatusQuery, blogPostsChanged } from '../api/queries';
import { useModalDialog } from '../ui/useModalDialog';
import { ContentPreview } from './ContentPreview';
import { DiscardQuestion } from './DiscardQuestion';
import {
  editorErrorsFromFields,
  editorFields,
  emptyEditorValues,
  hasErrors,
  isDirty,
  postInputFromValues,
  validateEditorValues,
  valuesFromPost,
  type EditorErrors,
  type EditorField,
  type EditorValues,
} from './editorForm';
import { GeneratePanel } from './GeneratePanel';
import { ImprovePanel } from './ImprovePanel';
import { PostFields } from './PostFields';
import type { Generation } from './useGeneration';
import { useImprovement } from './useImprovement';

/** Takes a finished AI draft into the open editor; false when the editor is not creating. */
export type DraftSink = MutableRefObject<((post: BlogPost) => boolean) | null>;

interface Props {
  /** The storage post to edit, or null to write a new one. */
  post: BlogPost | null;
  generation: Generation;
  draftSink: DraftSink;
  onClose: () => void;
}

/**
 * The blog editor dialog (docs/admin.md, "Views") in a native modal <dialog>: it
 * traps focus and hands it back to the button that opened it. Closing with unsaved changes
 * asks first, inside the dialog.
 */
export function BlogEditor({ post, generation, draftSink, onClose }: Props) {
  const id = useId();
  const dialog = useModalDialog();
  const client = useQueryClient();
  const [postId, setPostId] = useState<string | null>(post?.id ?? null);
  const [saved, setSaved] = useState<EditorValues>(() => (post ? valuesFromPost(post) : emptyEditorValues()));
  const [values, setValues] = useState<EditorValues>(saved);
  const [errors, setErrors] = useState<EditorErrors>({});
  const [asking, setAsking] = useState(false);
  const [previousContent, setPreviousContent] = useState<string | null>(null);
  const aiStatus = useQuery(aiStatusQuery());
  const unavailable = aiStatus.data && !aiStatus.data.configured ? AI_NOT_CONFIGURED : null;
  const dirty = isDirty(saved, values);

  // A finished generation fills the form, and the editor edits that stored draft from then on.
  useEffect(() => {
    // The dialog hands this ref down for the editor to register where a finished draft goes.
    // eslint-disable-next-line react-hooks/immutability
    draftSink.current = (draft) => {
      if (postId !== null) return false;
      const filled = valuesFromPost(draft);
      setPostId(draft.id);
      setSaved(filled);
      setValues(filled);
      setErrors({});
      return true;
    };
    return () => {
      draftSink.current = null;
    };
  }, [draftSink, postId]);

  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const improvement = useImprovement((content) => {
    setPreviousContent(latest.current.content);
    setValues((current) => ({ ...current, content }));
  });

  const change = <F extends EditorField>(field: F, value: EditorValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: (next: EditorValues) =>
      postId
        ? adminApi.blog.update(postId, postInputFromValues(next))
        : adminApi.blog.create(postInputFromValues(next)),
    onSuccess: (stored, submitted) => {
      toast({
        title: postId ? 'Blog Updated' : 'Blog Created',
        description: stored.draft ? `"${stored.title}" is saved as a draft.` : `"${stored.title}" is on the blog.`,
        variant: 'success',
      });
      setSaved(submitted);
      dialog.current?.close();
    },
    onError: (error) => {
      if (error instanceof AdminApiError && error.status === 400) setErrors(editorErrorsFromFields(error.fields));
      toast({
        title: postId ? 'Update Failed' : 'Creation Failed',
        description: failureMessage(error, postId ? 'Failed to update blog post.' : 'Failed to create blog post.'),
        variant: 'destructive',
      });
    },
    onSettled: () => blogPostsChanged(client),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEditorValues(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = editorFields.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate(values);
  };

  const requestClose = () => {
    if (save.isPending) return;
    if (dirty) setAsking(true);
    else dialog.current?.close();
  };

  // Escape: ask instead of closing; a second Escape while asking means "keep editing".
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (asking) setAsking(false);
    else requestClose();
  };

  const title = postId ? `Edit “${saved.title}”` : 'Write a new post';

  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-editor"
      aria-labelledby={`${id}-heading`}
      onCancel={onCancel}
      onClose={onClose}
    >
      <header className="adm-editor-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {dirty ? <span className="adm-pill adm-pill-amber">Unsaved changes</span> : null}
        <button type="button" className="adm-editor-x" onClick={requestClose} aria-label="Close the editor">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="adm-editor-body">
        {postId === null ? <GeneratePanel generation={generation} unavailable={unavailable} /> : null}
        <div className="adm-editor-columns">
          <form id={`${id}-form`} className="adm-editor-form" onSubmit={submit} noValidate aria-label="Post">
            <PostFields
              idPrefix={id}
              values={values}
              errors={errors}
              onChange={change}
              afterContent={
                values.content.trim() !== '' ? (
                  <ImprovePanel
                    improvement={improvement}
                    unavailable={unavailable}
                    canRestore={previousContent !== null}
                    onImprove={(instructions) => improvement.start(values.content, instructions)}
                    onRestore={() => {
                      if (previousContent !== null) change('content', previousContent);
                      setPreviousContent(null);
                    }}
                  />
                ) : null
              }
            />
          </form>
          <ContentPreview content={values.content} />
        </div>
      </div>
      <footer className="adm-editor-foot">
        {asking ? (
          <DiscardQuestion
            onKeep={() => setAsking(false)}
            onDiscard={() => {
              setAsking(false);
              dialog.current?.close();
            }}
          />
        ) : (
          <div className="adm-dialog-actions">
            <button
              type="button"
              className="btn btn-outline adm-btn-sm"
              onClick={requestClose}
              disabled={save.isPending}
            >
              Cancel
            </button>
            <button
              type="submit"
              form={`${id}-form`}
              className="btn btn-secondary adm-btn-sm"
              disabled={save.isPending}
            >
              {save.isPending ? 'Saving…' : postId ? 'Save changes' : 'Save post'}
            </button>
          </div>
        )}
      </footer>
    </dialog>
  );
}
