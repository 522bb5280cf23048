/** The parts of the browser window `whenIdle` uses (a fake in tests). */
export interface IdleWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/** How long after the load event the page's own late requests (announcement media) are left alone. */
export const SETTLE_MS = 1000;
/** Longest wait for an idle moment after that. */
export const IDLE_TIMEOUT_MS = 3000;
/** Inputs that show the user is about to act (press Login, type): start at once. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `task` once the page is idle: SETTLE_MS after its load event, at the
 * browser's next idle moment (at most IDLE_TIMEOUT_MS later), so that it
 * does not compete with what the page still fetches to show itself (the
 * announcements' media come after their list); or at once when the user
 * starts to act (pointer down, key), whichever comes first. Returns a
 * canceller. Used to fetch the desktop while the login page waits for the
 * user (docs/ARCHITECTURE.md, Client start-up).
 */
export function whenIdle(task: () => void, win: IdleWindow = window as unknown as IdleWindow): () => void {
  let state: 'waiting' | 'settling' | 'done' = 'waiting';
  let idleHandle: number | null = null;
  let timer: number | null = null;
  const cleanup = () => {
    win.removeEventListener('load', onLoad);
    for (const type of INTENT_EVENTS) win.removeEventListener(type, run, { capture: true });
    if (idleHandle !== null) win.cancelIdleCallback?.(idleHandle);
    if (timer !== null) win.clearTimeout(timer);
  };
  function run(): void {
    if (state === 'done') return;
    state = 'done';
    cleanup();
    task();
  }
  function onLoad(): void {
    if (state !== 'waiting') return;
    state = 'settling';
    timer = win.setTimeout(() => {
      timer = null;
      if (win.requestIdleCallback) idleHandle = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      else run();
    }, SETTLE_MS);
  }
  for (const type of INTENT_EVENTS) win.addEventListener(type, run, { capture: true, passive: true });
  if (win.document.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad, { once: true });
  return () => {
    state = 'done';
    cleanup();
  };
}
