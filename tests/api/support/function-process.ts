// Runs a real function handler in separate Node processes, as Netlify runs separate
// instances: each process bundles nothing itself, it imports one esbuild bundle of the
// function and talks to this test file's Blobs server over HTTP.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { expect } from 'vitest';
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
  /** Wait this long after the release before sending (spreads requests over a race's window). */
  delayMs?: number;
  /**
   * (startInstances) Several requests from this one process, all at once, each the request
   * with its own body and delay; the answer's body is the list of their answers (status 0).
   */
  variants?: Array<{ body?: string; delayMs?: number }>;
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
export async function callInParallelProcesses(
  bundle: string,
  requests: ProcessRequest[],
  env: Record<string, string> = {},
): Promise<ProcessAnswer[]> {
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

/** Warm function instances that answer round after round (see startInstances). */
export interface Instances {
  /** Hands each instance its request, releases them together once all have it, and collects the answers in order. */
  round(requests: ProcessRequest[]): Promise<ProcessAnswer[]>;
  stop(): Promise<void>;
}

/**
 * Starts one long-lived process per bundle, as warm Netlify instances: a test that races
 * requests across processes for many rounds pays for loading each bundle once, not once a
 * round. Each round still releases every instance at the same moment.
 */
export async function startInstances(bundles: string[], env: Record<string, string> = {}): Promise<Instances> {
  const context = Buffer.from(JSON.stringify(blobsContext)).toString('base64');
  const instances = bundles.map((bundle) => {
    const child = spawn(process.execPath, [CHILD, bundle], {
      env: { ...process.env, ...env, NETLIFY_BLOBS_CONTEXT: context, CHILD_SERVE: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const waiting: Array<(line: string) => void> = [];
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      partial += chunk.toString();
      for (let end = partial.indexOf('\n'); end >= 0; end = partial.indexOf('\n')) {
        const line = partial.slice(0, end);
        partial = partial.slice(end + 1);
        const next = waiting.shift();
        if (next) next(line);
        else lines.push(line);
      }
    });
    const exited = new Promise<never>((_, reject) =>
      child.on('exit', (code) => reject(new Error(`instance exited with ${code}`))),
    );
    exited.catch(() => undefined);
    const nextLine = () =>
      Promise.race([
        new Promise<string>((resolveLine) =>
          lines.length > 0 ? resolveLine(lines.shift()!) : waiting.push(resolveLine),
        ),
        exited,
      ]);
    return { child, nextLine };
  });
  for (const instance of instances) expect(await instance.nextLine()).toBe('ready');
  return {
    async round(requests) {
      if (requests.length !== instances.length) throw new Error('one request per instance');
      instances.forEach((instance, index) => instance.child.stdin.write(`${JSON.stringify(requests[index])}\n`));
      for (const instance of instances) expect(await instance.nextLine()).toBe('set');
      for (const instance of instances) instance.child.stdin.write('go\n');
      return Promise.all(instances.map(async (instance) => JSON.parse(await instance.nextLine()) as ProcessAnswer));
    },
    async stop() {
      await Promise.all(
        instances.map(
          (instance) =>
            new Promise<void>((resolveStop) => {
              instance.child.once('close', () => resolveStop());
              instance.child.stdin.end();
            }),
        ),
      );
    },
  };
}
