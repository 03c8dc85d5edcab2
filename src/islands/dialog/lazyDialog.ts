import { type ComponentType, lazy } from 'react';

/**
 * A dialog's lazy chunk, asked for the moment its island's code runs in the browser, before
 * the island hydrates: on a slow phone the chunk's round trip overlaps the hydration instead
 * of following it. The dialog islands hydrate on request (src/islands/on-request): when a
 * visitor points at, tabs to or taps a trigger, so the dialog is about to be wanted. The
 * server loads nothing ahead; an early load that failed is tried again when the dialog renders.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyDialog<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const early = typeof window === 'undefined' ? null : load();
  early?.catch(() => undefined);
  return lazy(() => early?.catch(load) ?? load());
}
