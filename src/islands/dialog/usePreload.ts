import { useEffect } from 'react';

/**
 * Starts loading a dialog's lazy chunk as soon as its island hydrates. The dialog
 * islands hydrate on request (src/islands/on-request): when a visitor points at or
 * tabs to a trigger, or clicks one, so the dialog is about to be wanted.
 */
export function usePreload(load: () => Promise<unknown>): void {
  useEffect(() => {
    void load();
  }, [load]);
}
