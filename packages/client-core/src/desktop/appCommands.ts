import type { Command, CommandRegistry } from '../commands/CommandRegistry.js';
import type { AppMenuEntry, AppMenuModel } from './AppMenuModel.js';

/** The id of the command that opens an application ('app.open.Files'). */
export function appCommandId(name: string): string {
  return `app.open.${name}`;
}

/**
 * Every application the menu can launch is a command too
 * (docs/behaviour/desktop.md#command-palette): 'Open <title>' in the
 * palette, in the user's language, running what the menu's entry runs.
 * Follows the menu: an application granted, removed or renamed (another
 * language) changes the commands at once. Returns an unregister.
 */
export function registerAppCommands(registry: CommandRegistry, appMenu: Pick<AppMenuModel, 'getState' | 'subscribe' | 'launch'>): () => void {
  let key = '';
  let unregister = () => {};
  const update = () => {
    const entries = appMenu.getState().entries.filter((entry) => entry.available);
    const next = JSON.stringify(entries.map((entry) => [entry.name, entry.title]));
    if (next === key) return;
    key = next;
    unregister();
    unregister = registry.registerAll(entries.map((entry) => appCommand(entry, appMenu)));
  };
  update();
  const unsubscribe = appMenu.subscribe(update);
  return () => {
    unsubscribe();
    unregister();
  };
}

function appCommand(entry: AppMenuEntry, appMenu: Pick<AppMenuModel, 'launch'>): Command {
  return {
    id: appCommandId(entry.name),
    labelKey: 'palette.openApp',
    name: (translate) => translate('palette.openApp', { title: entry.title }),
    icon: 'apps',
    run: () => void appMenu.launch(entry.name),
  };
}
