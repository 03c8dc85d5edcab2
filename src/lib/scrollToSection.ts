/** How many animation frames to wait for a section that renders late (e.g. after an island). */
export const sectionRetryFrames = 40;

/** The id to scroll to: the `section` query parameter, or else the URL hash. */
export function sectionTarget(url: Pick<URL, 'search' | 'hash'>): string | null {
  const fromQuery = new URLSearchParams(url.search).get('section')?.trim();
  if (fromQuery) return fromQuery;
  const fromHash = url.hash.replace(/^#/, '').trim();
  if (!fromHash) return null;
  try {
    return decodeURIComponent(fromHash);
  } catch {
    return fromHash;
  }
}

export interface SectionScrollDeps<E> {
  find: (id: string) => E | null;
  nextFrame: (callback: () => void) => void;
  scroll: (element: E) => void;
  maxFrames?: number;
}

/**
 * Looks for the element now and on each following animation frame, up to `maxFrames` retries,
 * and scrolls to it once found. Resolves with whether it was found.
 */
export function scrollWhenPresent<E>(id: string, deps: SectionScrollDeps<E>): Promise<boolean> {
  const maxFrames = deps.maxFrames ?? sectionRetryFrames;
  return new Promise((resolve) => {
    let framesWaited = 0;
    const attempt = () => {
      const element = deps.find(id);
      if (element) {
        deps.scroll(element);
        resolve(true);
      } else if (framesWaited >= maxFrames) {
        resolve(false);
      } else {
        framesWaited += 1;
        deps.nextFrame(attempt);
      }
    };
    attempt();
  });
}
