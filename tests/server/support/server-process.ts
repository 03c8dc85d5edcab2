// Starts `node netlify/serve.mjs` (what `npm start` runs after the build) as its own
// process on a fresh Blobs folder, for the server tests and the server benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { scratchDir } from '../../support/scratch.ts';
import { join, resolve } from 'node:path';

export interface ServerProcess {
  origin: string;
  blobsDir: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Milliseconds from spawning to the first answer. */
  readyAfterMs: number;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  port: number;
  args?: string[];
  env?: Record<string, string>;
  blobsDir?: string;
  /** What node runs instead of `netlify/serve.mjs` (e.g. the Astro CLI for `npm run dev`). */
  command?: string[];
  /** Poll interval while waiting for the first answer. */
  pollMs?: number;
  timeoutMs?: number;
}

export const projectRoot = resolve(import.meta.dirname, '../../..');

export async function startServerProcess({
  port,
  args = [],
  env = {},
  blobsDir,
  command = ['netlify/serve.mjs'],
  pollMs = 20,
  timeoutMs = 300_000,
}: StartOptions): Promise<ServerProcess> {
  const dir = blobsDir ?? (await mkdtemp(join(scratchDir(), 'ccc-server-blobs-')));
  const started = Date.now();
  // The rate-limit switch is the caller's to set: one left in the shell that runs the
  // tests would quietly change what "the server as `npm start` runs it" means.
  const inherited = { ...process.env };
  delete inherited.LOCAL_RATE_LIMITS;
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: projectRoot,
    env: { ...inherited, ...env, PORT: String(port), BLOBS_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const origin = `http://localhost:${port}`;
  const deadline = started + timeoutMs;
  for (;;) {
    if (hasExited) throw new Error(`server exited before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer on ${origin} within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/robots.txt`);
      await response.arrayBuffer();
      break;
    } catch {
      await new Promise((done) => setTimeout(done, pollMs));
    }
  }
  const readyAfterMs = Date.now() - started;

  return {
    origin,
    blobsDir: dir,
    child,
    output: () => output,
    readyAfterMs,
    async stop(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };
}
