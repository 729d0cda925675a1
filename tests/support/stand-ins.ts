/**
 * How long a stand-in (a fake read, a fake server) takes to answer: the latency it simulates, never a test's
 * wait for something (that is `eventually`, in wait.ts).
 */
export const latency = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
