import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the island has hydrated. Dialog islands
 * render nothing until then, so their first client render matches the empty server
 * HTML even when a request made before hydration is already waiting in the store.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
