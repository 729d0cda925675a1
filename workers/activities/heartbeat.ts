import { Context } from '@temporalio/activity';

/**
 * Runs a slow outside call while heartbeating, when the workflow asked for heartbeats: if this
 * worker dies mid-call, Temporal retries the call on another worker after the heartbeat timeout
 * instead of waiting out the whole call timeout.
 */
export async function whileBeating<T>(call: () => Promise<T>): Promise<T> {
  let ctx: Context;
  try {
    ctx = Context.current();
  } catch {
    return call(); // not inside an activity
  }
  const timeoutMs = ctx.info.heartbeatTimeoutMs;
  if (!timeoutMs) return call();
  ctx.heartbeat();
  // Not a sweep: the heartbeat of this running activity.
  const timer = setInterval(() => ctx.heartbeat(), Math.max(200, Math.floor(timeoutMs / 3)));
  try {
    return await call();
  } finally {
    clearInterval(timer);
  }
}
