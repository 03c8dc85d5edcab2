import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import featureMap from '../../src/server/featureMap.json';

// The feature map (docs/architecture.md, "The feature map") is one file that dependency-cruiser
// enforces; this checks the file itself: no cycle, every feature folder on it with its entry,
// and the drawing in the docs is the file.

const map: Record<string, string[]> = featureMap;
const SERVER = 'src/server';
/** The folders of src/server that are not features: the core, the platform and the composition root. */
const NOT_FEATURES = ['storage', 'http', 'followUp', 'queue', 'indexes', 'app'];

function cycleIn(graph: Record<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    for (const next of graph[node] ?? []) {
      const found = visit(next, [...path, node]);
      if (found) return found;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const found = visit(node, []);
    if (found) return found;
  }
  return null;
}

describe('the feature map', () => {
  it('has no cycle, so no two features import each other, even through a third', () => {
    expect(cycleIn(map)).toBeNull();
    // The check itself finds a two-way pair.
    expect(cycleIn({ ...map, sources: ['leads'] })).not.toBeNull();
  });

  it('names every feature folder of src/server, each with its one entry, and nothing else', () => {
    const folders = readdirSync(SERVER).filter(
      (name) => statSync(join(SERVER, name)).isDirectory() && !NOT_FEATURES.includes(name),
    );
    expect(Object.keys(map).sort()).toEqual(folders.sort());
    for (const [feature, imports] of Object.entries(map)) {
      expect(existsSync(join(SERVER, feature, 'index.ts')), `${feature}/index.ts`).toBe(true);
      for (const target of imports) expect(Object.keys(map), `${feature} -> ${target}`).toContain(target);
    }
  });

  it('is what docs/architecture.md draws', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const block = /<!-- feature-map -->\n```mermaid\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, 'the feature-map drawing').toBeDefined();
    const drawn: Record<string, string[]> = {};
    for (const line of block!.split('\n').map((text) => text.trim())) {
      const arrow = /^(\w+) --> (\w+)$/.exec(line);
      if (arrow) (drawn[arrow[1]!] ??= []).push(arrow[2]!);
      else if (/^\w+$/.test(line)) drawn[line] ??= [];
    }
    const sorted = (graph: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(graph)
          .map(([from, to]) => [from, [...to].sort()] as const)
          .sort(),
      );
    expect(sorted(drawn)).toEqual(sorted(map));
  });
});
