/**
 * Each page loads only its own parts of the texts (web/src/routes.ts names them), and the shell only
 * the core part. A part missing from a route's list would show empty texts on that page in every
 * language, so this reads the source a page imports statically and finds every text key prefix
 * written there ('player.…', `comfort.…`). Keys built from a variable prefix are not seen.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND, ROUTES } from '../../web/src/routes.js';
import { MESSAGE_PARTS, TEXT_PARTS } from '../../web/src/i18n/index.js';
import en from '../../web/src/i18n/dict/en.js';
import core from '../../web/src/i18n/dict/core/en.js';

const root = path.resolve(import.meta.dirname, '../..');
const KEY = new RegExp(`['"\`](${TEXT_PARTS.join('|')})\\.`, 'g');
const STATIC_IMPORT = /^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm;

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
}

/** Every source file a module imports statically (not the dictionaries), itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || file.includes(`${path.sep}i18n${path.sep}`)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const target = resolve(file, spec);
    if (target) closure(target, seen);
  }
  return seen;
}

/** The parts a file loads itself: loadTexts(['a', 'b']) or loadTexts(MESSAGE_PARTS). */
function partsLoaded(src: string): Set<string> {
  const lists = [...src.matchAll(/loadTexts\(\[([^\]]*)\]/g)].flatMap(([, list]) => [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]));
  return new Set([...lists, ...(/loadTexts\(MESSAGE_PARTS\)/.test(src) ? MESSAGE_PARTS : [])]);
}

/** The parts whose keys a file writes, less those it loads itself. */
function partsUsed(file: string): Set<string> {
  const src = readFileSync(file, 'utf8');
  const own = partsLoaded(src);
  return new Set([...src.matchAll(KEY)].map((m) => m[1]).filter((p) => !own.has(p)));
}

/** The page module a route imports (vitest writes it root-relative: "/web/src/pages/home.tsx"). */
const pageFile = (load: () => Promise<unknown>): string => {
  const spec = /['"](?:\.|\/web\/src)(\/pages\/[^'"]+)['"]/.exec(load.toString())?.[1];
  const file = spec && resolve(path.join(root, 'web/src/routes.ts'), `.${spec}`);
  if (!file) throw new Error(`no page import in ${load.toString()}`);
  return file;
};

describe('text parts', () => {
  it('every top-level key of the texts is the core part or one named part, never both', () => {
    const parts = [...Object.keys(core), ...TEXT_PARTS].sort();
    expect(parts).toEqual(Object.keys(en).sort());
  });

  it('the shell (the entry and its static imports) uses only the core texts, or loads a part before using it', () => {
    const used = [...closure(path.join(root, 'web/src/main.tsx'))].flatMap((f) => [...partsUsed(f)].map((p) => `${p} in ${path.relative(root, f)}`));
    expect(used).toEqual([]);
  });

  it('what the shell imports lazily (the bell, the username dialog) loads its parts with it', () => {
    const missing: string[] = [];
    for (const file of closure(path.join(root, 'web/src/main.tsx'))) {
      const src = readFileSync(file, 'utf8');
      const loads = partsLoaded(src);
      for (const [, spec] of src.matchAll(/import\('(\.[^']+)'\)/g)) {
        const target = spec.startsWith('./pages/') ? undefined : resolve(file, spec); // pages: checked per route below
        for (const f of target ? closure(target) : []) {
          for (const p of partsUsed(f)) if (!loads.has(p)) missing.push(`${p} in ${path.relative(root, f)} (loaded by ${path.relative(root, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  for (const route of [...ROUTES, NOT_FOUND]) {
    it(`${route.path} loads every part its page shows`, () => {
      const file = pageFile(route.page);
      const missing = [...closure(file)].flatMap((f) =>
        [...partsUsed(f)].filter((p) => !route.texts.includes(p as never)).map((p) => `${p} in ${path.relative(root, f)}`),
      );
      expect(missing).toEqual([]);
    });
  }
});
