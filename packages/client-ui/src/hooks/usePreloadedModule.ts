import { useEffect, useState } from 'react';

/**
 * A module loaded on demand, without Suspense: `preload()` starts (once) the
 * import, `use()` returns the module once it has arrived (re-rendering then)
 * or null before. Unlike React.lazy, a module preloaded in time renders at
 * once, with no fallback frame and no reveal delay. A failed import (the
 * network gone for a moment) is tried again by the next `preload()` or the
 * next view that uses it.
 */
export function preloadedModule<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const preload = (): Promise<M> => {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  function use(): M | null {
    const [module, setModule] = useState<M | null>(loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      preload().then(
        (m) => live && setModule(m),
        (error: unknown) => console.error('could not load a part of the page', error),
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  }
  return { preload, use };
}
