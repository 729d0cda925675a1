/**
 * Typed names of workflow updates, queries and signals, defined once in domain/ so the workflow,
 * the API and the tests share one name and one argument type (plain objects: the same shape as the
 * workflow package's `defineUpdate`, without importing workflow code into the API).
 */
import type { QueryDefinition, SignalDefinition, UpdateDefinition } from '@temporalio/common';

/** An update a client sends and a workflow handles: its name, arguments and answer. */
export const updateDef = <R, A extends unknown[] = []>(name: string) => ({ type: 'update', name }) as UpdateDefinition<R, A>;
/** A query a client asks and a workflow answers. */
export const queryDef = <R, A extends unknown[] = []>(name: string) => ({ type: 'query', name }) as QueryDefinition<R, A>;
/** A signal a client sends and a workflow handles. */
export const signalDef = <A extends unknown[] = []>(name: string) => ({ type: 'signal', name }) as SignalDefinition<A>;
