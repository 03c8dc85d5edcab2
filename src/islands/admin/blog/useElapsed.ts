import { useEffect, useState } from 'react';
import { formatElapsed } from './elapsed';

/** The time since `startedAt`, refreshed every second while it is set. */
export function useElapsed(startedAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? '' : formatElapsed(now - startedAt);
}
