import { languageTag, textDirection } from '@atrium/shared';
import { useLayoutEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import { useDesktop } from '../DesktopContext.js';
import { homeDocument, readHomeTheme, sanitizeHomeHtml, type HomeTheme } from './homeDocument.js';

/**
 * The home widget's block of HTML (docs/behaviour/desktop.md#home-widget):
 * sanitised, then shown in a frame without any sandbox permission (no
 * scripts, its own opaque origin, no forms, popups or top navigation) whose
 * document carries a Content-Security-Policy, the frame's stylesheet and
 * the theme's colours and font (read again when the look changes). Loaded with
 * its sanitiser only when a block is shown. `data-state` is 'shown' once
 * the frame has loaded the current document.
 */
export default function HomeFrame({ html }: { html: string }): JSX.Element {
  const { t, i18n } = useTranslation();
  const desktop = useDesktop();
  const appearance = useObservable(desktop.appearance);
  const font = String(useObservable(desktop.settings).values['desktop.font'] ?? '');
  const probe = useRef<HTMLSpanElement>(null);
  const [theme, setTheme] = useState<HomeTheme | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const sanitised = useMemo(() => sanitizeHomeHtml(html), [html]);
  // The theme's custom properties are on the desktop surface: resolved once it is painted in them, and after each change.
  useLayoutEffect(() => {
    if (probe.current) setTheme(readHomeTheme(probe.current, font));
  }, [appearance, font]);
  const language = i18n.language;
  const srcDoc = useMemo(() => (theme ? homeDocument(sanitised, theme, { lang: languageTag(language), dir: textDirection(language) }) : undefined), [sanitised, theme, language]);
  return (
    <>
      <span ref={probe} className="atr-home__probe" hidden />
      <iframe
        className="atr-home__frame"
        sandbox=""
        srcDoc={srcDoc}
        title={t('home.frameTitle')}
        referrerPolicy="no-referrer"
        loading="eager"
        onLoad={() => setLoaded(srcDoc ?? null)}
        data-state={srcDoc !== undefined && loaded === srcDoc ? 'shown' : 'loading'}
        data-testid="home.frame"
      />
    </>
  );
}
