/** Promises a test settles itself, and waiting until something holds. */

/** A promise settled from outside. */
export function gate(): { promise: Promise<void>; open(): void; fail(e: Error): void } {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Asks until `check` holds (every 20 ms, failing after 10 s so that a broken rule fails rather than hangs). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 10_000) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
