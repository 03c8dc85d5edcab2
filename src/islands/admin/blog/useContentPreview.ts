import { useEffect, useState } from 'react';
import { adminApi, failureMessage } from '../api';
import { useDebounced } from '../customers/useDebounced';

/** Typing pauses this long before the server renders the preview again. */
export const PREVIEW_DELAY_MS = 400;

export interface ContentPreview {
  /** The server's sanitised rendering (the public page's renderer), safe to insert. */
  html: string;
  pending: boolean;
  error: string | null;
}

export function useContentPreview(content: string): ContentPreview {
  const settled = useDebounced(content, PREVIEW_DELAY_MS);
  const [state, setState] = useState<ContentPreview>({ html: '', pending: false, error: null });
  useEffect(() => {
    if (settled.trim() === '') {
      setState({ html: '', pending: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, pending: true }));
    adminApi.blog
      .preview(settled, controller.signal)
      .then((html) => setState({ html, pending: false, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState((previous) => ({
            ...previous,
            pending: false,
            error: failureMessage(error, 'The preview could not be rendered.'),
          }));
      });
    return () => controller.abort();
  }, [settled]);
  return state;
}
