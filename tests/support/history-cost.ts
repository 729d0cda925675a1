/**
 * What a workflow's history holds, by kind of step: the cost of a business operation in Temporal
 * round trips. Deterministic for a given path, so tests assert ceilings on it (a regression in
 * round trips fails a test) and the benchmarks print it (tests/bench/_cost.ts).
 */
import protos, { type temporal } from '@temporalio/proto';

const E = protos.temporal.api.enums.v1.EventType;

export interface HistoryCost {
  events: number;
  /** Workflow tasks completed: each is a round trip worker <-> Temporal. */
  workflowTasks: number;
  /** Activities dispatched by Temporal (each a task round trip of its own). */
  activities: number;
  /** Local activities (run inside a workflow task, one marker each). */
  localActivities: number;
  upserts: number;
  timers: number;
  childStarts: number;
}

/** Tallies a history, up to a terminate (a bench's own, not the process's cost). */
export function tallyHistory(events: temporal.api.history.v1.IHistoryEvent[]): HistoryCost {
  const c: HistoryCost = { events: 0, workflowTasks: 0, activities: 0, localActivities: 0, upserts: 0, timers: 0, childStarts: 0 };
  for (const e of events) {
    if (e.eventType === E.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED) break;
    c.events++;
    if (e.eventType === E.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) c.workflowTasks++;
    else if (e.eventType === E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) c.activities++;
    else if (e.eventType === E.EVENT_TYPE_MARKER_RECORDED && e.markerRecordedEventAttributes?.markerName === 'core_local_activity') c.localActivities++;
    else if (e.eventType === E.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES) c.upserts++;
    else if (e.eventType === E.EVENT_TYPE_TIMER_STARTED) c.timers++;
    else if (e.eventType === E.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED) c.childStarts++;
  }
  return c;
}

/** The history up to its last started timer (a purchase's freeze, a run's review): what the process cost before that wait. */
export function untilLastTimer(events: temporal.api.history.v1.IHistoryEvent[]): temporal.api.history.v1.IHistoryEvent[] {
  const i = events.findLastIndex((e) => e.eventType === E.EVENT_TYPE_TIMER_STARTED);
  return i < 0 ? events : events.slice(0, i + 1);
}
