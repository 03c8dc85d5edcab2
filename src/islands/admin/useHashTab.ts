import { useCallback, useSyncExternalStore } from 'react';

// The chosen tab lives in the URL hash (#customers, #blog), so a reload or a shared
// link opens the same tab.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useHashTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash.slice(1),
    () => fallback,
  );
  const current = (tabs as readonly string[]).includes(hash) ? (hash as T) : fallback;
  const choose = useCallback((tab: T) => {
    // replaceState: switching tabs is not a page visit, and it fires no scroll jump.
    window.history.replaceState(window.history.state, '', `#${tab}`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return [current, choose];
}
