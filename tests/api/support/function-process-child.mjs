// One "function instance": loads a bundled handler, says ready, waits for go, answers.
//
//   CHILD_REQUEST   the request, as JSON
//   CHILD_REPEAT    answer the request this many times (a busy instance), CHILD_CONCURRENCY at once;
//                   `<n>` in its body and its `ip` becomes the request's number
//   CHILD_DIE_AFTER_ANSWER=1   exit the moment the answer is written, before any
//                   context.waitUntil work ran (a process killed right after answering)
//   CHILD_SERVE=1   a warm instance answering round after round (serve() below)
//   request.delayMs  wait this long after go before sending
//   request.variants [{ body, delayMs }]: (warm instances) send each at once, after its delay
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const { default: handler } = await import(pathToFileURL(process.argv[2]).href);

if (process.env.CHILD_SERVE === '1') await serve();

/**
 * A warm instance (CHILD_SERVE=1): says ready, then for each round reads its request (a JSON
 * line), says set, waits for go, and writes its answer line, until stdin ends.
 */
async function serve() {
  const { createInterface } = await import('node:readline');
  const input = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  process.stdout.write('ready\n');
  for (;;) {
    const line = await input.next();
    if (line.done) process.exit(0);
    const roundRequest = JSON.parse(line.value);
    process.stdout.write('set\n');
    if ((await input.next()).done) process.exit(0);
    const pending = [];
    const run = (variant, index) => respond(roundRequest, index, variant, pending);
    const result = roundRequest.variants
      ? { status: 0, body: await Promise.all(roundRequest.variants.map((variant, index) => run(variant, index))) }
      : await run({}, 0);
    await Promise.allSettled(pending);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

async function respond(request, index, variant, afterResponse) {
  const delayMs = variant.delayMs ?? request.delayMs ?? 0;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const body = (variant.body ?? request.body)?.replaceAll('<n>', String(index));
  const response = await handler(new Request(request.url, { method: request.method, headers: request.headers, body }), {
    ip: (request.ip ?? '127.0.0.1').replaceAll('<n>', String(index)),
    params: request.params ?? {},
    requestId: `child-${process.pid}-${index}`,
    waitUntil: (promise) => afterResponse.push(promise),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

const request = JSON.parse(process.env.CHILD_REQUEST);
const repeat = Number(process.env.CHILD_REPEAT ?? 1);
const concurrency = Number(process.env.CHILD_CONCURRENCY ?? 1);
const dieAfterAnswer = process.env.CHILD_DIE_AFTER_ANSWER === '1';
process.stdout.write('ready\n');
await once(process.stdin, 'data');

const afterResponse = [];
const answer = (index, variant = {}) => respond(request, index, variant, afterResponse);

const answers = new Array(repeat);
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, repeat) }, async () => {
    while (next < repeat) {
      const index = next++;
      answers[index] = await answer(index);
    }
  }),
);
if (dieAfterAnswer) {
  process.stdout.write(`${JSON.stringify(answers[0])}\n`, () => process.exit(0));
} else {
  // As Netlify keeps an instance alive for context.waitUntil work, finish it before exiting.
  await Promise.allSettled(afterResponse);
  process.stdout.write(`${JSON.stringify(repeat === 1 ? answers[0] : { status: 0, body: answers })}\n`);
}
