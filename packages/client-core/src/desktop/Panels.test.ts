import { DEFAULT_SETTINGS } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { LocalStorageSettingsAdapter } from '../settings/SettingsAdapter.js';
import { SettingsStore } from '../settings/SettingsStore.js';
import { FakeClock } from '../testing/FakeClock.js';
import { MemoryStorage } from '../testing/MemoryStorage.js';
import { translateEnglish } from '../testing/translate.js';
import { InvalidPanelItemError, Panels } from './Panels.js';

function setup(overrides: Partial<typeof DEFAULT_SETTINGS> = {}, lock: string[] = []) {
  const settings = new SettingsStore({ adapter: new LocalStorageSettingsAdapter(new MemoryStorage()), clock: new FakeClock(), defaults: { ...DEFAULT_SETTINGS, ...overrides }, lock, translate: translateEnglish });
  return { settings, panels: new Panels(settings) };
}

describe('Panels', () => {
  it('reads the default panel: at the top, on top, with menu, window list, global search, notification centre, tray and profile', () => {
    const { panels } = setup();
    expect(panels.getState()).toEqual({
      locked: false,
      panels: [{ index: 0, position: 'top', ontop: true, items: [{ name: 'menu' }, { name: 'windows' }, { name: 'search' }, { name: 'notifications' }, { name: 'tray' }, { name: 'profile' }] }],
    });
  });

  it('moves a panel to the bottom and saves the choice in the settings', () => {
    const { panels, settings } = setup();
    expect(panels.setPosition(0, 'bottom')).toBe(true);
    expect(panels.getState().panels[0]?.position).toBe('bottom');
    expect(settings.get('desktop.panels')[0]?.position).toBe('bottom');
  });

  it('adds a second panel at the free place, at most two, and removes one', () => {
    const { panels } = setup();
    expect(panels.addPanel()).toBe(true);
    expect(panels.getState().panels.map((p) => p.position)).toEqual(['top', 'bottom']);
    expect(panels.addPanel()).toBe(false);
    expect(panels.removePanel(0)).toBe(true);
    expect(panels.getState().panels.map((p) => p.position)).toEqual(['bottom']);
  });

  it('swaps places when a panel moves to where the other one is', () => {
    const { panels } = setup();
    panels.addPanel();
    panels.setPosition(1, 'top');
    expect(panels.getState().panels.map((p) => p.position)).toEqual(['bottom', 'top']);
  });

  it("adds and removes items, and refuses an unknown type with 'Invalid panel item specified'", () => {
    const { panels } = setup();
    expect(panels.addItem(0, 'logout')).toBe(true);
    expect(panels.addItem(0, 'logout')).toBe(false);
    expect(panels.getState().panels[0]?.items.map((i) => i.name)).toEqual(['menu', 'windows', 'search', 'notifications', 'tray', 'profile', 'logout']);
    expect(() => panels.addItem(0, 'clock')).toThrow(new InvalidPanelItemError());
    expect(() => panels.addItem(0, 'clock')).toThrow('Invalid panel item specified');
    expect(panels.removeItem(0, 0)).toBe(true);
    expect(panels.getState().panels[0]?.items[0]?.name).toBe('windows');
  });

  it('refuses every change while the desktop is locked, or the panels setting is locked by configuration', () => {
    const locked = setup({ 'desktop.lock': true });
    expect(locked.panels.getState().locked).toBe(true);
    expect(locked.panels.setPosition(0, 'bottom')).toBe(false);
    expect(locked.panels.addItem(0, 'home')).toBe(false);
    expect(locked.panels.getState().panels[0]?.position).toBe('top');
    const configured = setup({}, ['desktop.panels']);
    expect(configured.panels.getState().locked).toBe(true);
    expect(configured.panels.addPanel()).toBe(false);
  });

  it('follows the lock being set later', () => {
    const { panels, settings } = setup();
    settings.set('desktop.lock', true);
    expect(panels.getState().locked).toBe(true);
    expect(panels.setPosition(0, 'bottom')).toBe(false);
  });
});
