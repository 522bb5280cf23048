import { useSyncExternalStore } from 'react';
import type { Store } from '../ports.js';

/**
 * The current state of a client-core model; re-renders when it changes.
 * The model must return the same snapshot object until its state changes.
 */
export function useObservable<S>(model: Store<S>): S {
  return useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.getState(),
  );
}
