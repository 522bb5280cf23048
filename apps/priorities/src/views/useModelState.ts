import { useSyncExternalStore } from 'react';

/** Follows a model's state (subscribe/getState). */
export function useModelState<S>(model: { subscribe(listener: () => void): () => void; getState(): S }): S {
  return useSyncExternalStore(model.subscribe, model.getState);
}
