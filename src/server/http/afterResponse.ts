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

/** Requests of this process being answered right now. */
let answering = 0;

export async function withAfterResponse<T>(
  context: AfterResponseContext | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const waitUntil = context?.waitUntil?.bind(context);
  if (!waitUntil) return run();
  answering += 1;
  try {
    return await scope.run({ waitUntil }, run);
  } finally {
    answering -= 1;
    wakeWaiting();
  }
}

/** Whether this code runs inside a request, with a platform to finish work after the response. */
export function inRequest(): boolean {
  return scope.getStore() !== undefined;
}

// One process answers many requests at once on the local server (on Netlify an instance
// serves one at a time): follow-ups take turns, few at a time while requests are being
// answered, so a burst's bookkeeping never starves the burst's answers of CPU, and many
// at a time once the process is free (at Netlify's latency a follow-up mostly waits).
// What waits here is durable already; the minute job finishes it if the process dies.
const RUNNING_WHILE_ANSWERING = 4;
const RUNNING_WHEN_FREE = 32;
let running = 0;
const waiting: Array<() => void> = [];

const limit = () => (answering > 0 ? RUNNING_WHILE_ANSWERING : RUNNING_WHEN_FREE);

function wakeWaiting(): void {
  while (waiting.length > 0 && running < limit()) {
    running += 1;
    waiting.shift()!();
  }
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < limit() && waiting.length === 0) running += 1;
  // A slot is taken for us before we are woken.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    running -= 1;
    wakeWaiting();
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
