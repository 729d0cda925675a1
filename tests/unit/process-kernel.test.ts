import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import {
  allowedEvents, eventsOf, isFinal, mustStep, NOT_ALLOWED_NOW, statesOf, step, tableProblems, waitingForOf, type ProcessTable,
} from '../../domain/process.js';

/** A door: the smallest process with a seller action, a support action, a repeat and a per-state refusal. */
type S = 'closed' | 'open' | 'locked' | 'gone';
type E = 'open' | 'close' | 'lock' | 'unlock' | 'demolish';
const DOOR: ProcessTable<S, E> = {
  kind: 'door',
  initial: 'closed',
  events: {
    open: { by: 'seller' },
    close: { by: 'seller' },
    lock: { by: 'seller', refused: { code: 'not_closed', message: 'Close it first' } },
    unlock: { by: 'support' },
    demolish: { by: 'system' },
  },
  states: {
    closed: { on: { open: 'open', lock: 'locked', demolish: 'gone' }, repeats: ['close'], waitsFor: 'seller' },
    open: { on: { close: 'closed' }, repeats: ['open'], waitsFor: 'seller' },
    locked: { on: { unlock: 'closed' }, waitsFor: 'support', refuse: { open: { code: 'locked', message: 'It is locked' } } },
    gone: { on: {}, waitsFor: null },
  },
};

describe('process kernel on a toy table', () => {
  it('moves, repeats harmlessly, and refuses with the event default, the state override or the generic code', () => {
    expect(step(DOOR, 'closed', 'open')).toEqual({ ok: true, from: 'closed', to: 'open', repeat: false });
    expect(step(DOOR, 'open', 'open')).toEqual({ ok: true, from: 'open', to: 'open', repeat: true });
    expect(step(DOOR, 'open', 'lock')).toMatchObject({ ok: false, code: 'not_closed' });
    expect(step(DOOR, 'locked', 'open')).toMatchObject({ ok: false, code: 'locked', message: 'It is locked' });
    expect(step(DOOR, 'gone', 'open')).toMatchObject({ ok: false, code: NOT_ALLOWED_NOW });
  });

  it('mustStep throws the refusal as a conflict with its code', () => {
    expect(mustStep(DOOR, 'closed', 'lock').to).toBe('locked');
    try {
      mustStep(DOOR, 'gone', 'close');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ kind: 'conflict', code: NOT_ALLOWED_NOW });
    }
  });

  it('answers the actions an actor may send, finality and who is waited for', () => {
    expect(allowedEvents(DOOR, 'closed', 'seller').sort()).toEqual(['lock', 'open']);
    expect(allowedEvents(DOOR, 'closed')).toContain('demolish');
    expect(allowedEvents(DOOR, 'locked', 'seller')).toEqual([]);
    expect(allowedEvents(DOOR, 'locked', 'support')).toEqual(['unlock']);
    expect(statesOf(DOOR).filter((s) => isFinal(DOOR, s))).toEqual(['gone']);
    expect(waitingForOf(DOOR, 'locked')).toBe('support');
    expect(waitingForOf(DOOR, 'gone')).toBe('nobody');
    expect(eventsOf(DOOR)).toHaveLength(5);
  });

  it('finds the mistakes a table can hold', () => {
    expect(tableProblems(DOOR)).toEqual([]);
    const broken: ProcessTable<S | 'orphan', E> = {
      ...DOOR,
      states: {
        ...DOOR.states,
        open: { on: { close: 'nowhere' as S }, repeats: ['close'], waitsFor: 'seller' },
        gone: { on: { open: 'open' }, waitsFor: null },
        orphan: { on: {}, waitsFor: null },
      },
    };
    expect(tableProblems(broken)).toEqual(expect.arrayContaining([
      'open --close--> unknown state nowhere',
      'open: close both moves and repeats',
      'gone: waits for nobody but accepts events',
      'orphan: unreachable from closed',
    ]));
  });
});
