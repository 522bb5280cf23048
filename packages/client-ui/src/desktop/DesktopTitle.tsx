import { useTranslation } from '../i18n/useTranslation.js';
import { useDocumentTitle } from '../documentMeta.js';
import { useWindowList } from '../windows/useWindowRecord.js';
import { useDesktop } from './DesktopContext.js';

/**
 * The document title while signed in: the focused window's title ('Notes –
 * Atrium'), else 'Desktop – Atrium'. A leaf of its own, so that the window
 * list's changes re-render nothing else.
 */
export function DesktopTitle(): null {
  const { t } = useTranslation();
  const { windows } = useDesktop();
  const list = useWindowList(windows);
  const focused = list.find((w) => w.state.focused);
  useDocumentTitle(focused?.title || t('desktop.label'));
  return null;
}
