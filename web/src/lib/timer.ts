/** A one-shot timer that can pause and resume (toasts pause while the pointer is over them). */
export class PausableTimer {
  private handle: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private remaining: number;

  constructor(
    ms: number,
    private readonly onDone: () => void,
  ) {
    this.remaining = ms;
  }

  start(): void {
    if (this.handle !== undefined || this.remaining <= 0) return;
    this.startedAt = Date.now();
    this.handle = setTimeout(() => {
      this.handle = undefined;
      this.remaining = 0;
      this.onDone();
    }, this.remaining);
  }

  pause(): void {
    if (this.handle === undefined) return;
    clearTimeout(this.handle);
    this.handle = undefined;
    this.remaining = Math.max(0, this.remaining - (Date.now() - this.startedAt));
  }

  resume(): void {
    this.start();
  }

  clear(): void {
    if (this.handle !== undefined) clearTimeout(this.handle);
    this.handle = undefined;
  }

  get msLeft(): number {
    return this.handle === undefined ? this.remaining : Math.max(0, this.remaining - (Date.now() - this.startedAt));
  }
}
