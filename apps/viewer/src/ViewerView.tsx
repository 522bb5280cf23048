import { ExternalIcon, ReloadIcon, useColorScheme, useTranslation, WindowIcon } from '@atrium/app-kit';
import { useEffect, useState, type JSX } from 'react';
import { frameAddress, isServedHere, type ProfileWebApp } from './profileWebApp.js';
import './Viewer.css';

/** Sandbox of the framed app: its scripts and forms run, it may open pop-ups, nothing else (no same-origin, no top navigation). */
export const VIEWER_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * False until the window has been painted once (two animation frames after
 * it mounts), then true: a page's frame (costly to create) and its loading
 * start only once its window shows,
 * so that a desktop restoring many pages paints all their windows first
 * (docs/PERFORMANCE.md, "Restoring a session").
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}

/**
 * A web app of the profile in a sandboxed frame under a slim toolbar
 * (reload, open in a new tab: the page's title is the window's, shown once),
 * in the desktop's colour scheme;
 * without one, an empty state saying what the Viewer is for and where pages
 * are opened from (the application menu).
 */
export function ViewerView({ target, titleIn }: { target: ProfileWebApp | null; titleIn?: (language: string) => string | undefined }): JSX.Element {
  const { t, language } = useTranslation();
  // Reloading remounts the frame: a sandboxed cross-origin frame cannot be reloaded from outside.
  const [generation, setGeneration] = useState(0);
  const scheme = useColorScheme();
  const painted = usePainted();
  if (!target) {
    return (
      <div className="vwr vwr--empty" data-testid="viewer.empty">
        <WindowIcon className="vwr__empty-icon" width={40} height={40} />
        <h2 className="vwr__empty-title">{t('viewer.empty.title')}</h2>
        <p className="vwr__empty-text">{t('viewer.empty.text')}</p>
      </div>
    );
  }
  return (
    <div className="vwr" data-testid="viewer">
      <div className="vwr__bar" role="toolbar" aria-label={t('viewer.toolbar')}>
        <button type="button" className="atr-icon-button vwr__button" aria-label={t('viewer.reload')} title={t('viewer.reload')} onClick={() => setGeneration((g) => g + 1)} data-testid="viewer.reload">
          <ReloadIcon width={16} height={16} />
        </button>
        <a className="atr-icon-button vwr__button" href={target.url} target="_blank" rel="noopener noreferrer" aria-label={t('viewer.openInNewTab')} title={t('viewer.openInNewTab')} data-testid="viewer.open">
          <ExternalIcon width={16} height={16} />
        </a>
      </div>
      {/* In the desktop's colour scheme; another site's page, which cannot be asked for it, is dimmed in the dark (docs/behaviour/applications.md#organisation-pages-in-the-dark). */}
      {painted ? (
        <iframe
          key={generation}
          className={`vwr__frame${scheme === 'dark' && !isServedHere(target.url) ? ' vwr__frame--dimmed' : ''}`}
          src={frameAddress(target.url, scheme)}
          title={titleIn?.(language) ?? target.title}
          sandbox={VIEWER_SANDBOX}
          referrerPolicy="no-referrer"
          data-testid="viewer.frame"
        />
      ) : (
        <div className="vwr__frame" data-testid="viewer.framePending" />
      )}
    </div>
  );
}
