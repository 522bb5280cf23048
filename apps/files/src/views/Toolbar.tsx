import { useTranslation } from '@atrium/app-kit';
import type { JSX, KeyboardEvent } from 'react';
import type { ActionId, ActionStates } from '../model/actions.js';
import type { ViewMode } from '../model/FilesModel.js';
import { Icon } from './icons.js';

const TOOLBAR_ACTIONS: readonly ActionId[] = ['newFolder', 'upload', 'download', 'cut', 'copy', 'paste', 'rename', 'delete', 'properties'];
/** Tools that keep their name beside the icon in a window of middling width. */
const PRIMARY: ReadonlySet<ActionId> = new Set(['newFolder', 'upload']);

export interface ToolbarProps {
  actions: ActionStates;
  canGoUp: boolean;
  view: ViewMode;
  sidebarOpen: boolean;
  /** Whether the More actions menu is open. */
  moreOpen: boolean;
  onUp(): void;
  /** Opens the More actions menu under the button (a narrow window's other tools). */
  onMore(button: HTMLElement): void;
  onAction(id: ActionId): void;
  onView(view: ViewMode): void;
  onToggleSidebar(): void;
}

/** Left and Right (Home, End) move the focus along the toolbar's visible buttons. */
function handleArrows(event: KeyboardEvent<HTMLDivElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.offsetParent !== null || b === document.activeElement);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

/**
 * The window's toolbar: up, the actions (greyed with their reason), the view mode, and the places button of narrow
 * windows; there the less used tools leave the toolbar for the More actions menu, so that it keeps to one row
 * (docs/behaviour/files.md#the-files-window).
 */
export function Toolbar({ actions, canGoUp, view, sidebarOpen, moreOpen, onUp, onMore, onAction, onView, onToggleSidebar }: ToolbarProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="fls-toolbar" role="toolbar" aria-label={t('files.toolbar')} data-testid="files.toolbar" onKeyDown={handleArrows}>
      <button type="button" className="fls-tool fls-tool--places" aria-expanded={sidebarOpen} aria-controls="fls-sidebar" onClick={onToggleSidebar} title={t('files.places')} data-testid="files.placesToggle">
        <Icon name="places" />
        <span className="atk-hidden">{t('files.places')}</span>
      </button>
      <button type="button" className="fls-tool" aria-disabled={!canGoUp} onClick={() => canGoUp && onUp()} title={t('files.upTitle')} data-testid="files.up">
        <Icon name="up" />
        <span className="fls-tool__label">{t('files.up')}</span>
      </button>
      <span className="fls-toolbar__sep" aria-hidden="true" />
      {TOOLBAR_ACTIONS.map((id) => {
        const state = actions[id];
        const label = t(`files.action.${id}`);
        return (
          <button
            key={id}
            type="button"
            className={`fls-tool fls-tool--${id}${PRIMARY.has(id) ? '' : ' fls-tool--secondary'}`}
            aria-disabled={!state.enabled}
            title={state.reason ? `${label}: ${t(state.reason)}` : label}
            data-testid={`files.tool.${id}`}
            onClick={() => state.enabled && onAction(id)}
          >
            <Icon name={id} />
            <span className="fls-tool__label">{label}</span>
          </button>
        );
      })}
      <button
        type="button"
        className="fls-tool fls-tool--more"
        aria-haspopup="menu"
        aria-expanded={moreOpen}
        title={t('files.more')}
        data-testid="files.tool.more"
        onClick={(event) => onMore(event.currentTarget)}
      >
        <Icon name="more" />
        <span className="atk-hidden">{t('files.more')}</span>
      </button>
      <span className="fls-toolbar__spacer" />
      <div className="fls-viewmode" role="group" aria-label={t('files.view.label')}>
        {(['list', 'icons'] as const).map((mode) => (
          <button key={mode} type="button" className="fls-tool" aria-pressed={view === mode} title={t(`files.view.${mode}`)} data-testid={`files.view.${mode}`} onClick={() => onView(mode)}>
            <Icon name={mode} />
            <span className="atk-hidden">{t(`files.view.${mode}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
