import { lazy, Suspense, useEffect, useRef, useState, type JSX } from 'react';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import { useDesktop } from '../DesktopContext.js';
import './HomeWidget.css';

/** The frame and its sanitiser: fetched when a block is first shown. */
const HomeFrame = lazy(() => import('./HomeFrame.js'));

/** The application whose read-only dashboard the widget shows (docs/APPLICATIONS.md#desktop-widgets). */
export const DASHBOARDS_APP = 'Dashboards';

/**
 * The home widget on the desktop's background (docs/behaviour/desktop.md#home-widget),
 * behind the windows and inside the window area (never over a panel):
 * the organisation's block of HTML in a sandboxed frame, or the user's
 * dashboard read-only. Nothing while it is hidden by the setting, loading,
 * failed or empty.
 */
export function HomeWidget(): JSX.Element | null {
  const desktop = useDesktop();
  const { t } = useTranslation();
  const state = useObservable(desktop.home);
  if (state.status !== 'html' && state.status !== 'dashboard') return null;
  return (
    <section className={`atr-home atr-home--${state.status}`} aria-label={t('home.label')} data-testid="home" data-kind={state.status}>
      {state.status === 'html' ? (
        <Suspense fallback={null}>
          <HomeFrame html={state.html} />
        </Suspense>
      ) : (
        <HomeDashboard dashboard={state.dashboard} />
      )}
    </section>
  );
}

type DashboardShown = 'pending' | 'mounted' | 'fallback';

/**
 * The dashboard form: the Dashboards application's home widget rendered
 * into this element; when the application cannot show it (not installed,
 * not the user's, no such widget), a button that opens the dashboard in
 * the application instead.
 */
function HomeDashboard({ dashboard }: { dashboard: string }): JSX.Element {
  const desktop = useDesktop();
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<DashboardShown>('pending');
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    let live = true;
    let remove: (() => void) | null = null;
    setShown('pending');
    void desktop.packages.mountHomeWidget(DASHBOARDS_APP, element, { dashboard }).then((removal) => {
      if (!live) return removal?.();
      remove = removal;
      setShown(removal ? 'mounted' : 'fallback');
    });
    return () => {
      live = false;
      remove?.();
    };
  }, [desktop, dashboard]);
  const open = () => void desktop.packages.launch({ app: DASHBOARDS_APP, args: { dashboard } });
  return (
    <div className="atr-home__dashboard" data-testid="home.dashboard" data-state={shown}>
      <div ref={body} className="atr-home__dashboard-body" />
      {shown === 'fallback' && (
        <div className="atr-home__fallback">
          <p>{t('home.dashboardHint')}</p>
          <button type="button" className="atr-home__open" onClick={open} data-testid="home.openDashboard">
            {t('home.openDashboard')}
          </button>
        </div>
      )}
    </div>
  );
}
