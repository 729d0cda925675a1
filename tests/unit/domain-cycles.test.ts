import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// domain/ is the layer every other one builds on; a cycle in it (type imports included) means two
// modules cannot be read, tested or split apart from each other. Issue 18 broke a 14-file one.
const DOMAIN = resolve(import.meta.dirname, '../../domain');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** The domain files one file imports (values and types, re-exports too). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'));
}

/** Every import cycle in a graph, each as the files along it (first file repeated at the end). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('domain imports', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('have no cycle, type imports included', () => {
    const files = filesUnder(DOMAIN);
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((to) => to.startsWith(DOMAIN))]));
    const cycles = cyclesOf(graph).map((c) => c.map((f) => relative(DOMAIN, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
