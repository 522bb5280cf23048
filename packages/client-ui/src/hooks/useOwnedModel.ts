import { useEffect, useState, type DependencyList } from 'react';

/**
 * A model created for the lifetime of a component and disposed when it
 * unmounts (or when deps change). It is created in an effect, so that React's
 * strict-mode double mount gets a fresh model instead of a disposed one;
 * the first render therefore sees null.
 */
export function useOwnedModel<T extends { dispose(): void }>(create: () => T, deps: DependencyList): T | null {
  const [model, setModel] = useState<T | null>(null);
  useEffect(() => {
    const created = create();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the model is an external resource whose lifetime is the effect's
    setModel(created);
    return () => {
      created.dispose();
      setModel((current) => (current === created ? null : current));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's
  }, deps);
  return model;
}
