import { useEffect, useState } from 'react';

/**
 * The time, moved on every `everyMs`: a view that says "due in 5 min" or shows a control only
 * once a call has started reads it here, so rendering stays pure and the view still follows
 * the clock while the page stays open.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
