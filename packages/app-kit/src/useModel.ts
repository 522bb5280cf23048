import { useSyncExternalStore } from 'react';

/** Anything with a snapshot and change listeners: a Model, or a model of the desktop. */
export interface Store<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * The current state of a model; the view re-renders when it changes. The
 * model must return the same snapshot object until its state changes.
 */
export function useModel<S>(model: Store<S>): S {
  return useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.getState(),
  );
}
