import { lazy, Suspense, type JSX } from 'react';
import { useObservable } from '../../hooks/useObservable.js';
import { useDesktop } from '../DesktopContext.js';

/** The widget's view, its look and, for a block, the frame with its sanitiser: fetched when there is something to show. */
const HomeWidget = lazy(async () => ({ default: (await import('./HomeWidget.js')).HomeWidget }));

/**
 * The home widget's place on the desktop (docs/behaviour/desktop.md#home-widget):
 * empty while the widget is hidden, loading, failed or empty, so that a
 * desktop without one carries none of its code.
 */
export function HomeSlot(): JSX.Element | null {
  const state = useObservable(useDesktop().home);
  if (state.status !== 'html' && state.status !== 'dashboard') return null;
  return (
    <Suspense fallback={null}>
      <HomeWidget />
    </Suspense>
  );
}
