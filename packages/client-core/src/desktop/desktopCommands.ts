import { PANEL_ITEMS, PREFERENCES_APP, type Profile } from '@atrium/shared';
import type { Command, CommandContext, CommandRegistry } from '../commands/CommandRegistry.js';
import type { DialogService } from '../dialogs/DialogService.js';
import type { AppMenuModel } from './AppMenuModel.js';
import type { PackageManager } from '../packages/PackageManager.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import type { WindowManager } from '../windows/WindowManager.js';
import type { DesktopSessionModel } from './DesktopSessionModel.js';
import type { DesktopUi } from './DesktopUi.js';
import type { Panels } from './Panels.js';

/** What the desktop's own commands act on. */
export interface DesktopCommandsHost {
  windows: WindowManager;
  panels: Panels;
  ui: DesktopUi;
  packages: PackageManager;
  appMenu: AppMenuModel;
  dialogs: DialogService;
  desktopSession: DesktopSessionModel;
  profile(): Profile | null;
  logout(): Promise<void>;
  translate: Translate;
}

/**
 * Registers the commands of the panel and the desktop
 * (docs/behaviour/desktop.md): the application menu (Alt+A), My Home
 * (Alt+Shift+H, minimizes every window), the shortcut guide (Alt+Shift+K),
 * the command palette (Alt+Shift+P), Edit Preferences, the filesystem
 * search (F3), Switch Account (only
 * with more than one account), Log out (after 'Would you like to logout?')
 * and Save session and log out; and the panel's: Panel Position Top/Bottom,
 * add or remove a panel, add an item of each type, remove the item that was
 * right-clicked. Panel commands act on the context's panel (else the first)
 * and are disabled while the desktop is locked. Returns an unregister.
 */
export function registerDesktopCommands(registry: CommandRegistry, host: DesktopCommandsHost): () => void {
  return registry.registerAll([...desktopCommands(host), ...panelCommands(host)]);
}

/** The desktop's commands: the application menu, My Home, the guides, Preferences, the file search, the account and the session. */
function desktopCommands(host: DesktopCommandsHost): Command[] {
  const { ui } = host;
  // The application menu's own rule: it is there when it has entries.
  const hasApps = () => host.appMenu.hasApplications();
  const listed = () => host.windows.windows().filter((w) => w.attributes.visibility !== 'restricted' && !w.state.minimized && w.attributes.minimizable);

  const confirmLogout = () => {
    host.dialogs.create(
      'confirm',
      { title: host.translate('panel.action.logout'), message: host.translate('logout.confirm.message'), labels: { yes: 'logout.confirm.yes', no: 'logout.confirm.no' } },
      (button) => {
        if (button === 'yes') void host.logout();
      },
    );
  };

  return [
    { id: 'desktop.appMenu', labelKey: 'command.desktop.appMenu', icon: 'apps', keybinding: 'Alt+A', enabled: hasApps, run: () => ui.togglePopup('appMenu') },
    {
      id: 'desktop.showDesktop',
      labelKey: 'command.desktop.showDesktop',
      icon: 'home',
      keybinding: 'Alt+Shift+H',
      enabled: () => listed().length > 0,
      run: () => {
        for (const w of listed()) host.windows.minimize(w.wid);
      },
    },
    { id: 'desktop.shortcuts', labelKey: 'command.desktop.shortcuts', icon: 'keyboard', keybinding: 'Alt+Shift+K', run: () => ui.openPopup('shortcuts') },
    { id: 'desktop.palette', labelKey: 'command.desktop.palette', icon: 'search', keybinding: 'Alt+Shift+P', palette: false, run: () => ui.openPopup('palette') },
    { id: 'desktop.preferences', labelKey: 'command.desktop.preferences', icon: 'preferences', run: () => void host.packages.launch(PREFERENCES_APP) },
    // The filesystem search overlay (docs/behaviour/files.md#search-overlay): F3, key code 114.
    { id: 'files.search', labelKey: 'command.files.search', icon: 'search', keybinding: 'F3', run: () => ui.openPopup('fileSearch') },
    {
      id: 'account.switch',
      labelKey: 'command.account.switch',
      icon: 'accounts',
      visible: () => (host.profile()?.accounts.length ?? 0) > 1,
      run: () => ui.openPopup('accounts'),
    },
    { id: 'session.logout', labelKey: 'panel.action.logout', icon: 'logout', run: confirmLogout },
    {
      id: 'session.saveAndLogout',
      labelKey: 'panel.action.saveAndLogout',
      icon: 'save',
      run: () => {
        void host.desktopSession.save().finally(() => void host.logout());
      },
    },
  ];
}

/** The panel's commands, on the context's panel (else the first) and disabled while the desktop is locked. */
function panelCommands(host: DesktopCommandsHost): Command[] {
  const { panels } = host;
  const panelOf = (context: CommandContext) => context.panel ?? 0;
  const unlocked = () => !panels.getState().locked;

  const position = (where: 'top' | 'bottom'): Command => ({
    id: `panel.position.${where}`,
    labelKey: `panel.position.${where}`,
    icon: where === 'top' ? 'panelTop' : 'panelBottom',
    palette: true,
    enabled: unlocked,
    visible: (context) => panels.getState().panels[panelOf(context)] !== undefined,
    checked: (context) => panels.getState().panels[panelOf(context)]?.position === where,
    run: (context) => void panels.setPosition(panelOf(context), where),
  });

  const addItem = (name: (typeof PANEL_ITEMS)[number]): Command => ({
    id: `panel.addItem.${name}`,
    labelKey: `panel.item.${name}`,
    palette: false,
    enabled: (context) => unlocked() && panels.getState().panels[panelOf(context)] !== undefined && !panels.hasItem(panelOf(context), name),
    run: (context) => void panels.addItem(panelOf(context), name),
  });

  return [
    position('top'),
    position('bottom'),
    { id: 'panel.add', labelKey: 'panel.action.addPanel', icon: 'add', enabled: () => unlocked() && panels.getState().panels.length < 2, run: () => void panels.addPanel() },
    {
      id: 'panel.remove',
      labelKey: 'panel.action.removePanel',
      icon: 'remove',
      palette: false,
      enabled: (context) => unlocked() && panels.getState().panels[panelOf(context)] !== undefined,
      run: (context) => void panels.removePanel(panelOf(context)),
    },
    ...PANEL_ITEMS.map(addItem),
    {
      id: 'panel.removeItem',
      labelKey: 'panel.action.removeItem',
      icon: 'remove',
      palette: false,
      visible: (context) => context.item !== undefined,
      enabled: (context) => unlocked() && context.item !== undefined,
      run: (context) => {
        if (context.item !== undefined) panels.removeItem(panelOf(context), context.item);
      },
    },
  ];
}
