import { readFileSync } from 'node:fs';

/**
 * Blocks this process's event loop as a saturated machine does: no socket is read and no timer runs for at
 * least `atLeastMs`, and until `file` (written synchronously by another process) contains `text`.
 * Atomics.wait sleeps without burning a core of the shared machine. A fault the test injects, not a wait:
 * tests that need one call this instead of sleeping themselves.
 */
export function blockEventLoopUntil(file: string, text: string, atLeastMs: number): void {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const from = performance.now();
  while (performance.now() - from < atLeastMs || !readFileSync(file, 'utf8').includes(text)) Atomics.wait(nap, 0, 0, 20);
}
