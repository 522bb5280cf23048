import { MENUS } from '@atrium/client-core';
import type { JSX } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { CommandMenu } from '../menus/CommandMenu.js';
import { AppMenu } from '../panel/AppMenu.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from './DesktopContext.js';

/**
 * What the desktop shows above its windows and panels besides
 * notifications: the open context menu (desktop, panel or window-list
 * entry: the command registry's menus), the keyboard-shortcut guide, the
 * command palette and the privacy policy after sign-in.
 */
export function DesktopOverlays(): JSX.Element | null {
  const { t } = useTranslation();
  const { ui, commands } = useDesktop();
  const state = useObservable(ui);
  const menu = state.contextMenu;
  return (
    <>
      {state.popup === 'appMenu' && <AppMenu />}
      {menu && (
        <CommandMenu
          key={`${menu.menu}-${menu.at.x}-${menu.at.y}`}
          registry={commands}
          entries={MENUS[menu.menu]}
          context={menu.context}
          at={menu.at}
          label={t(`contextMenu.${menu.menu}`)}
          testId={`contextMenu.${menu.menu}`}
          testIdPrefix="contextMenu"
          onClose={() => ui.closeContextMenu()}
        />
      )}
    </>
  );
}
