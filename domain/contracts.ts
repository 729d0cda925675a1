/**
 * Typed names of workflow updates, queries and signals, defined once in domain/ so the workflow,
 * the API and the tests share one name and one argument type (plain objects: the same shape as the
 * workflow package's `defineUpdate`, without importing workflow code into the API).
 */
import type { QueryDefinition, SearchAttributePair, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import type { ProcessTable } from './process.js';
import { SA } from './search-attributes.js';

/** An update a client sends and a workflow handles: its name, arguments and answer. */
export const updateDef = <R, A extends unknown[] = []>(name: string) => ({ type: 'update', name }) as UpdateDefinition<R, A>;
/** A query a client asks and a workflow answers. */
export const queryDef = <R, A extends unknown[] = []>(name: string) => ({ type: 'query', name }) as QueryDefinition<R, A>;
/** A signal a client sends and a workflow handles. */
export const signalDef = <A extends unknown[] = []>(name: string) => ({ type: 'signal', name }) as SignalDefinition<A>;

/**
 * A business process as a client starts it: the workflow type the worker registers, its table (the
 * `ProcessKind` and workflow id prefix, the first state) and its input type. The API starts every
 * process from one of these (`startProcess`), never from a workflow name typed at the call.
 */
export interface ProcessDef<I> {
  readonly workflowType: string;
  readonly table: Pick<ProcessTable<string, string>, 'kind' | 'initial' | 'states'>;
  /** The `ProcessStatus` a state shows: the state itself unless the process shows a label (the comfort run's status). */
  readonly statusOf?: (state: string) => string;
  /** Never set: carries the input type to `startProcess`. */
  readonly input?: I;
}

export const processDef = <I>(def: Omit<ProcessDef<I>, 'input'>): ProcessDef<I> => def;

/** The workflow id of one process: `<kind>:<business id>` (`comfort-run:ab12`). */
export const processWorkflowId = (p: Pick<ProcessDef<unknown>, 'table'>, id: string): string => `${p.table.kind}:${id}`;

/** The search attributes a process starts with: whose it is, which kind, its first status, nothing wrong yet, who it waits for. */
export function startSearchAttributes(p: ProcessDef<unknown>, sellerId: string): SearchAttributePair[] {
  const first = p.table.initial;
  return [
    { key: SA.sellerId, value: sellerId }, { key: SA.kind, value: p.table.kind }, { key: SA.status, value: p.statusOf?.(first) ?? first },
    { key: SA.subState, value: 'none' }, { key: SA.waitingFor, value: p.table.states[first]?.waitsFor ?? 'nobody' },
  ];
}
