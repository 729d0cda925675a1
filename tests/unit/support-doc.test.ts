/**
 * docs/support.md cannot drift from the transition tables: every state that waits for support has
 * its section, no section names a state that does not, and each section names every support action
 * its row accepts (tool command and update). The tool offers every support event of every table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROCESSES, SUPPORT_ACTIONS, supportStates } from '../../support/catalogue.js';

const doc = readFileSync('docs/support.md', 'utf8');
const sections = new Map(doc.split(/^### /m).slice(1).map((s) => [s.slice(0, s.indexOf('\n')).trim(), s]));

describe('docs/support.md', () => {
  const waiting = supportStates();

  it('has a section for exactly the states whose table row waits for support', () => {
    expect(waiting.map((w) => `${w.process.table.kind}: ${w.state}`).sort()).toEqual([...sections.keys()].sort());
    // The three processes all have states that wait for support.
    expect(new Set(waiting.map((w) => w.process.command))).toEqual(new Set(['comfort', 'withdrawal', 'purchase']));
  });

  it('names, in each section, the attributes to find it and every action that resolves it', () => {
    for (const w of waiting) {
      const text = sections.get(`${w.process.table.kind}: ${w.state}`)!;
      expect(text, w.state).toContain(`ProcessKind="${w.process.table.kind}"`);
      expect(w.actions.length, `${w.state} has a support action`).toBeGreaterThan(0);
      for (const a of w.actions) {
        expect(text, `${w.state} names ${a.command}`).toContain(`${a.process} ${a.command} <`);
        expect(text, `${w.state} names update ${a.update}`).toContain(`\`${a.update}\``);
      }
    }
  });

  it('lists every support action of the tool with its update in the actions table', () => {
    for (const a of SUPPORT_ACTIONS) expect(doc).toMatch(new RegExp(`\\| \`${a.process} ${a.command} <[^|]+\\| \`${a.update}\``));
  });
});

describe('support tool catalogue', () => {
  it('offers every event a table lets support send, through an update the table knows', () => {
    for (const p of PROCESSES) {
      const supportEvents = Object.entries(p.table.events).filter(([, e]) => (e as { by: string }).by === 'support').map(([name]) => name).sort();
      const offered = SUPPORT_ACTIONS.filter((a) => a.process === p.command).map((a) => a.event).sort();
      expect(offered, p.command).toEqual(supportEvents);
    }
  });
});
