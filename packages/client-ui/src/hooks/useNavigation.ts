import { useSyncExternalStore } from 'react';
import type { Navigation } from '../ports.js';

/** The current location hash (with its '#'), re-rendering on hash changes. */
export function useLocationHash(navigation: Navigation): string {
  return useSyncExternalStore(
    (listener) => navigation.subscribe(listener),
    () => navigation.current().hash,
  );
}
