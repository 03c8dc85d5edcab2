import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Features publish follow-up events and send outbox entries through what the composition
// root installs (src/server/app/index.ts). A function that can reach either without
// importing the root would throw at its first lead in production, so each one must import
// it itself (docs/architecture.md, "Composition root").

interface Cruised {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
}

const INSTALLED = ['src/server/followUp/publish.ts', 'src/server/notifications/channels.ts'];
const ROOT = 'src/server/app/index.ts';

function graph(): Map<string, string[]> {
  const out = execFileSync(
    process.execPath,
    [
      'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs',
      'netlify/functions',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const { modules } = JSON.parse(out) as Cruised;
  return new Map(modules.map((m) => [m.source, m.dependencies.map((d) => d.resolved)]));
}

function reaches(g: Map<string, string[]>, from: string, targets: readonly string[]): boolean {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length) {
    for (const next of g.get(stack.pop()!) ?? []) {
      if (targets.includes(next)) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return false;
}

describe('the composition root', () => {
  it('is imported by every function that can publish a follow-up or send a message', () => {
    const g = graph();
    const functions = [...g.keys()].filter((source) => source.startsWith('netlify/functions/'));
    expect(functions.length).toBeGreaterThan(30);
    const unwired = functions.filter((fn) => reaches(g, fn, INSTALLED) && !g.get(fn)!.includes(ROOT));
    expect(unwired).toEqual([]);
    // The check sees the functions that need it: most of them do.
    expect(functions.filter((fn) => reaches(g, fn, INSTALLED)).length).toBeGreaterThan(30);
  }, 60_000);
});
