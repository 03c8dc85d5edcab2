import { AsyncLocalStorage } from 'node:async_hooks';

// Work that may finish after the visitor has their answer (Netlify's context.waitUntil).
// route() opens a scope per request, so storage code deep down can hand work to the
// platform without every caller threading the context through. Outside a request (a
// script, the minute job, a test calling a module) there is nobody to answer first: the
// work runs at once and is awaited.

interface Scope {
  waitUntil(promise: Promise<unknown>): void;
}

const scope = new AsyncLocalStorage<Scope>();

export interface AfterResponseContext {
  waitUntil?(promise: Promise<unknown>): void;
}

export function withAfterResponse<T>(context: AfterResponseContext | undefined, run: () => T): T {
  const waitUntil = context?.waitUntil?.bind(context);
  return waitUntil ? scope.run({ waitUntil }, run) : run();
}

/** Whether this code runs inside a request, with a platform to finish work after the response. */
export function inRequest(): boolean {
  return scope.getStore() !== undefined;
}

// One process answers many requests at once on the local server (on Netlify an instance
// serves one at a time): follow-ups take turns, so a burst's bookkeeping never starves the
// burst's answers of CPU. What waits here is durable already; the minute job finishes it
// if the process dies.
const MAX_RUNNING = 8;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Runs `work` after the response when inside a request, else now. Never throws: the
 * work is durable and retried by the minute job, so a failure is only logged.
 */
export async function afterResponse(what: string, work: () => Promise<unknown>): Promise<void> {
  const logged = () =>
    inTurn(work).then(
      () => undefined,
      (error: unknown) => console.error(`[follow-up] ${what} failed; the minute job retries it`, error),
    );
  const current = scope.getStore();
  if (current) {
    current.waitUntil(logged());
    return;
  }
  await logged();
}
