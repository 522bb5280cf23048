import type { WindowManager, WindowRecord } from '@atrium/client-core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * One window's live record; re-renders on changes of that window only (its
 * moves and resizes included), undefined once it is closed.
 */
export function useWindowRecord(windows: WindowManager, wid: number): WindowRecord | undefined {
  const subscribe = useCallback((listener: () => void) => windows.subscribeWindow(wid, listener), [windows, wid]);
  return useSyncExternalStore(subscribe, () => windows.get(wid));
}

/**
 * The open windows in opening order; re-renders on list-level changes only
 * (open, close, z-order, focus, title, minimize, maximize), never on moves.
 * The records in it may be older than the live ones: read geometry with
 * useWindowRecord.
 */
export function useWindowList(windows: WindowManager): readonly WindowRecord[] {
  const subscribe = useCallback((listener: () => void) => windows.subscribe(listener), [windows]);
  return useSyncExternalStore(subscribe, () => windows.windows());
}
