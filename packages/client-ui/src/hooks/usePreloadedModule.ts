import { useEffect, useState } from 'react';

/**
 * A module loaded on demand, without Suspense: `preload()` starts (once) the
 * import, `use()` returns the module once it has arrived (re-rendering then)
 * or null before. Unlike React.lazy, a module preloaded in time renders at
 * once, with no fallback frame and no reveal delay.
 */
export function preloadedModule<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const preload = (): Promise<M> => {
    pending ??= load().then((module) => (loaded = module));
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
