import type { JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { SearchIcon } from '@atrium/app-kit';
import { useTranslation } from '../i18n/useTranslation.js';
import type { PanelItemProps } from '../panel/items/index.js';

/** Marks the magnifier: focus goes back to it when the search panel closes with Escape. */
export const GLOBAL_SEARCH_BUTTON = 'data-global-search-button';

/**
 * The panel's global search (docs/behaviour/search.md#search-panel): a
 * magnifier that opens and closes the search bar and its panel
 * (GlobalSearchPanel, fetched when it first opens, with its texts).
 */
export function SearchItem(_props: PanelItemProps): JSX.Element {
  const { t } = useTranslation();
  const { ui } = useDesktop();
  // The panel is one of the desktop's overlays; its model loads with it.
  const open = useObservable(ui).popup === 'globalSearch';
  const label = t('panel.item.search');
  return (
    <button
      type="button"
      className="atr-panel__button"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-testid="panel.search"
      {...{ [GLOBAL_SEARCH_BUTTON]: '' }}
      onClick={() => ui.togglePopup('globalSearch')}
    >
      <SearchIcon width={20} height={20} />
    </button>
  );
}
