import { useEffect } from 'react';

/**
 * Starts loading a dialog's lazy chunk as soon as a visitor points at or tabs to
 * one of its triggers, so the click that follows opens it without a wait.
 */
export function usePreloadOnIntent(triggerSelector: string, load: () => Promise<unknown>): void {
  useEffect(() => {
    const warm = (event: Event) => {
      if ((event.target as Element | null)?.closest?.(triggerSelector)) void load();
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, [triggerSelector, load]);
}
