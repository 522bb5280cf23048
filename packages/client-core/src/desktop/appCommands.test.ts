import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../commands/CommandRegistry.js';
import { Observable } from '../Observable.js';
import type { AppMenuEntry, AppMenuState } from './AppMenuModel.js';
import { appCommandId, registerAppCommands } from './appCommands.js';

const entry = (name: string, title: string, available = true): AppMenuEntry => ({ name, title, category: 'other', icon: null, available });

/** The menu as registerAppCommands reads it: its entries, and what a launch asked for. */
class FakeMenu extends Observable<AppMenuState> {
  readonly launched: string[] = [];
  constructor(entries: AppMenuEntry[]) {
    super({ entries, query: '', groups: [], logo: null });
  }
  show(entries: AppMenuEntry[]): void {
    this.setState({ ...this.getState(), entries });
  }
  launch(name: string): boolean {
    this.launched.push(name);
    return true;
  }
}

const translate = (key: string, values?: Record<string, unknown>) => (key === 'palette.openApp' ? `Open ${String(values?.title)}` : key);

describe('the applications as commands', () => {
  it('registers one command per application the menu can open, named Open <title>, running its launch', () => {
    const registry = new CommandRegistry();
    const menu = new FakeMenu([entry('Files', 'Files'), entry('Incidents', 'Incident Tracker', false)]);
    registerAppCommands(registry, menu);
    expect(registry.commands().map((c) => c.id)).toEqual([appCommandId('Files')]);
    expect(registry.get(appCommandId('Files'))?.name?.(translate)).toBe('Open Files');
    registry.run(appCommandId('Files'));
    expect(menu.launched).toEqual(['Files']);
  });

  it('follows the menu: an application granted, taken away or renamed changes the commands at once', () => {
    const registry = new CommandRegistry();
    const menu = new FakeMenu([entry('Files', 'Files')]);
    const unregister = registerAppCommands(registry, menu);
    const before = registry.getState().revision;
    menu.show([entry('Files', 'Files')]);
    // Nothing changed: the commands are not registered again (views listing them would re-render for nothing).
    expect(registry.getState().revision).toBe(before);
    menu.show([entry('Files', 'Dateien'), entry('Risks', 'Risikoregister')]);
    expect(registry.commands().map((c) => c.name?.(translate))).toEqual(['Open Dateien', 'Open Risikoregister']);
    menu.show([entry('Risks', 'Risikoregister')]);
    expect(registry.commands().map((c) => c.id)).toEqual([appCommandId('Risks')]);
    unregister();
    expect(registry.commands()).toEqual([]);
    menu.show([entry('Files', 'Files')]);
    expect(registry.commands()).toEqual([]);
  });
});
