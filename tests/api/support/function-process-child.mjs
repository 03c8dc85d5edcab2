// One "function instance": loads a bundled handler, says ready, waits for go, answers.
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const { default: handler } = await import(pathToFileURL(process.argv[2]).href);
const request = JSON.parse(process.env.CHILD_REQUEST);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const afterResponse = [];
const response = await handler(
  new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
  { ip: '127.0.0.1', params: request.params ?? {}, requestId: `child-${process.pid}`, waitUntil: (promise) => afterResponse.push(promise) },
);
const text = await response.text();
// As Netlify keeps an instance alive for context.waitUntil work, finish it before exiting.
await Promise.allSettled(afterResponse);
let body;
try {
  body = JSON.parse(text);
} catch {
  body = text;
}
process.stdout.write(`${JSON.stringify({ status: response.status, body })}\n`);
