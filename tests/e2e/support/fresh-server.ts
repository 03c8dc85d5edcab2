import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { scratchDir } from '../../support/scratch';
import { join } from 'node:path';

export interface FreshServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * A second production-like server on the build the run already made, with an empty
 * Blobs folder of its own: the shared e2e store is written by every spec, so "nothing
 * stored yet" can only be seen here. Its rate limits are off, as the main e2e server's
 * are (playwright.config.ts), unless `env` says otherwise.
 */
export async function startFreshServer(port: number, env: Record<string, string> = {}): Promise<FreshServer> {
  const blobsDir = mkdtempSync(join(scratchDir(), 'ccc-e2e-fresh-'));
  const child: ChildProcess = spawn(process.execPath, ['netlify/serve.mjs'], {
    env: { ...process.env, PORT: String(port), BLOBS_DIR: blobsDir, LOCAL_RATE_LIMITS: 'off', ...env },
    stdio: 'ignore',
  });
  const baseURL = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(blobsDir, { recursive: true, force: true });
  };
  // Up to a minute: the run's other worker may be busy in Chromium while this one starts.
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(baseURL)).ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the fresh server did not start on ${baseURL}`);
}
