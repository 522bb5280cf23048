import type { Navigation } from './ports.js';

/**
 * Navigation over window.location and history. setHash('') removes the hash
 * with pushState (so no bare '#' stays in the address) and tells listeners
 * itself, since pushState fires no hashchange.
 */
export function browserNavigation(win: Window = window): Navigation {
  const own = new Set<() => void>();
  return {
    current: () => {
      const { pathname, search, hash, host, origin } = win.location;
      return { pathname, search, hash, host, origin };
    },
    setHash(hash) {
      const bare = hash.replace(/^#/, '');
      if (bare) {
        win.location.hash = bare;
      } else if (win.location.hash) {
        win.history.pushState(null, '', win.location.pathname + win.location.search);
        for (const listener of own) listener();
      }
    },
    assign: (url) => win.location.assign(url),
    subscribe(listener) {
      own.add(listener);
      win.addEventListener('hashchange', listener);
      win.addEventListener('popstate', listener);
      return () => {
        own.delete(listener);
        win.removeEventListener('hashchange', listener);
        win.removeEventListener('popstate', listener);
      };
    },
  };
}
