// One "function instance": loads a bundled handler, says ready, waits for go, answers.
//
//   CHILD_REQUEST   the request, as JSON
//   CHILD_REPEAT    answer the request this many times (a busy instance), CHILD_CONCURRENCY at once;
//                   `<n>` in its body and its `ip` becomes the request's number
//   CHILD_DIE_AFTER_ANSWER=1   exit the moment the answer is written, before any
//                   context.waitUntil work ran (a process killed right after answering)
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const { default: handler } = await import(pathToFileURL(process.argv[2]).href);
const request = JSON.parse(process.env.CHILD_REQUEST);
const repeat = Number(process.env.CHILD_REPEAT ?? 1);
const concurrency = Number(process.env.CHILD_CONCURRENCY ?? 1);
const dieAfterAnswer = process.env.CHILD_DIE_AFTER_ANSWER === '1';
process.stdout.write('ready\n');
await once(process.stdin, 'data');

const afterResponse = [];
async function answer(index) {
  const body = request.body?.replaceAll('<n>', String(index));
  const response = await handler(
    new Request(request.url, { method: request.method, headers: request.headers, body }),
    {
      ip: (request.ip ?? '127.0.0.1').replaceAll('<n>', String(index)),
      params: request.params ?? {},
      requestId: `child-${process.pid}-${index}`,
      // The work is started, but a process that dies takes it along.
      waitUntil: (promise) => afterResponse.push(promise),
    },
  );
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

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
