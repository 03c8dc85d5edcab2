import { LIVE_ATTRIBUTE, type TapGroup } from './tapGroups';

declare global {
  interface Window {
    __cccReplay?: (group: TapGroup, root?: Element) => void;
  }
}

/**
 * A group's code is wired under `root` (the whole page by default): its controls are live,
 * and a tap held before now is replayed at once. Marks the moment for the bench.
 */
export function goLive(group: TapGroup, root: Element = document.documentElement): void {
  performance.mark(`ccc:live:${group}`);
  if (window.__cccReplay) window.__cccReplay(group, root);
  else root.setAttribute(LIVE_ATTRIBUTE, `${root.getAttribute(LIVE_ATTRIBUTE) ?? ''} ${group}`.trim());
}

/**
 * A plain script's form (not in an island) that held a submit: its code is in now, so the
 * held submit is replayed with the values typed before.
 */
export function formIsLive(form: HTMLFormElement): void {
  form.setAttribute('data-hydrated', '');
  form.dispatchEvent(new Event('ccc:hydrated'));
}
