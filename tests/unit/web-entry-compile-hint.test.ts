/**
 * The built entry holds React DOM and runs nearly all of it on load. It starts with Chrome's explicit
 * compile hint, so its functions compile while it streams in rather than in the long task that
 * evaluates it (docs/performance.md); the line the hint adds must not shift what its source map
 * says, or every stack trace support reads from a seller's browser points one line off.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { readFirstView } from '../../scripts/web-first-view.js';

describe('the built entry', () => {
  const { entry } = readFirstView();
  const code = readFileSync(path.resolve(entry), 'utf8');

  it('asks Chrome to compile it eagerly, off the main thread', () => {
    // The comment Chrome reads, on the file's first line (scripts/build-web.ts).
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  });

  it("keeps its source map pointing at main.tsx's own lines", () => {
    const map = new TraceMap(readFileSync(path.resolve(`${entry}.map`), 'utf8'));
    const source = readFileSync(path.resolve('web/src/main.tsx'), 'utf8').split('\n');
    const at = code.indexOf('.replaceChildren()');
    expect(at).toBeGreaterThan(0);
    const before = code.slice(0, at).split('\n');
    const found = originalPositionFor(map, { line: before.length, column: before.at(-1)!.length + 1 });
    expect(found.source).toMatch(/web\/src\/main\.tsx$/);
    expect(source[found.line! - 1]).toContain('replaceChildren()');
  });
});
