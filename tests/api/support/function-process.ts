// Runs a real function handler in separate Node processes, as Netlify runs separate
// instances: each process bundles nothing itself, it imports one esbuild bundle of the
// function and talks to this test file's Blobs server over HTTP.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { blobsContext } from './blobs-server';

export async function bundleFunction(entry: string): Promise<string> {
  const outfile = join(await mkdtemp(join(tmpdir(), 'ccc-fn-')), 'function.mjs');
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
    // Some dependencies are CommonJS and call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

export interface ProcessRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The client address (context.ip), loopback by default; `<n>` becomes the request's number. */
  ip?: string;
  /** The route's path parameters, as Netlify passes them in `context.params`. */
  params?: Record<string, string>;
  /** Another function's bundle for this request (two functions racing); the call's bundle otherwise. */
  bundle?: string;
}

export interface ProcessAnswer {
  status: number;
  body: unknown;
}

const CHILD = resolve('tests/api/support/function-process-child.mjs');

/**
 * Starts one process per request, waits until every one has loaded the function, then
 * releases them together so the requests really overlap, and collects the answers.
 */
export async function callInParallelProcesses(bundle: string, requests: ProcessRequest[], env: Record<string, string> = {}): Promise<ProcessAnswer[]> {
  const context = Buffer.from(JSON.stringify(blobsContext)).toString('base64');
  const children = requests.map((request) => {
    const child = spawn(process.execPath, [CHILD, request.bundle ?? bundle], {
      env: { ...process.env, ...env, NETLIFY_BLOBS_CONTEXT: context, CHILD_REQUEST: JSON.stringify(request) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const ready = new Promise<void>((resolveReady, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready\n')) resolveReady();
      });
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const done = new Promise<ProcessAnswer>((resolveDone, reject) => {
      // 'close', not 'exit': a busy machine can report the exit before the last output is read.
      child.on('close', (code) => {
        const line = output.split('\n').find((text) => text.startsWith('{'));
        if (code !== 0 || !line) reject(new Error(`child failed (${code}): ${output}`));
        else resolveDone(JSON.parse(line) as ProcessAnswer);
      });
    });
    return { child, ready, done };
  });
  await Promise.all(children.map(({ ready }) => ready));
  for (const { child } of children) child.stdin.end('go\n');
  return Promise.all(children.map(({ done }) => done));
}
