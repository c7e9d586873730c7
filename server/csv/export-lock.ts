/**
 * Lets one subscriber export run at a time in this process: each export streams the whole list,
 * and several at once would multiply the database work and the memory held by slow clients.
 * (Per process: instances behind a load balancer each have their own.)
 */
export class ExportLock {
  #held = false;

  /** Takes the lock if it is free; returns the function that frees it (safe to call twice), or null. */
  tryAcquire(): (() => void) | null {
    if (this.#held) return null;
    this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held = false;
    };
  }

  get held(): boolean {
    return this.#held;
  }
}
