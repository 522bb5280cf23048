import { DEFAULT_SETTINGS, type IconsModule, type SoundsModule, type ThemeModule } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalStorageSettingsAdapter } from '../settings/SettingsAdapter.js';
import { SettingsStore } from '../settings/SettingsStore.js';
import { SoundPlayer, type SoundPartials } from '../sounds/SoundPlayer.js';
import { FakeClock, flushPromises } from '../testing/FakeClock.js';
import { MemoryStorage } from '../testing/MemoryStorage.js';
import { translateEnglish } from '../testing/translate.js';
import { Appearance } from './Appearance.js';

const vision: ThemeModule = { type: 'theme', colorScheme: 'light', variables: { '--atr-primary': '#2f6fde' } };
const nocturne: ThemeModule = { type: 'theme', colorScheme: 'dark', variables: { '--atr-primary': '#8fb3ff' } };
const lumen: IconsModule = { type: 'icons', icons: { preferences: '<svg id="p"></svg>' } };
const chime: SoundsModule = { type: 'sounds', sounds: { bell: [{ frequency: 440, gain: 0.3, start: 0, duration: 0.5 }], message: [] } };

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  vi.restoreAllMocks();
});

function setup(modules: Record<string, unknown> = { Vision: vision, Nocturne: nocturne, Lumen: lumen, Chime: chime }) {
  const settings = new SettingsStore({ adapter: new LocalStorageSettingsAdapter(new MemoryStorage()), clock: new FakeClock(), defaults: DEFAULT_SETTINGS, lock: [], translate: translateEnglish });
  const requested: string[] = [];
  const packages = {
    async loadModule<T>(name: string): Promise<T> {
      requested.push(name);
      if (!(name in modules)) throw new Error(`Package Metadata '${name}' not found`);
      return modules[name] as T;
    },
  };
  const partials: Array<SoundPartials | null> = [];
  const sounds = new SoundPlayer({ play: () => undefined, setPartials: (p) => void partials.push(p) });
  const appearance = new Appearance({ settings, packages, sounds });
  cleanups.push(() => appearance.dispose(), () => settings.dispose());
  return { settings, appearance, requested, sounds, partials };
}

describe('Appearance', () => {
  it('loads the theme, icon and sound packages of the settings and takes font and background', async () => {
    const { appearance, requested, sounds, partials } = setup();
    expect(appearance.getState()).toMatchObject({ theme: null, themeName: 'Vision', icons: null, font: 'Lato' });
    appearance.start();
    await flushPromises();
    expect(requested.sort()).toEqual(['Chime', 'Lumen', 'Vision']);
    expect(appearance.getState()).toMatchObject({ theme: vision, themeName: 'Vision', icons: lumen, font: 'Lato', background: DEFAULT_SETTINGS['desktop.background'] });
    expect(partials).toEqual([chime.sounds]);
    expect(sounds.volume).toBe(1);
    expect(sounds.enabled).toBe(true);
  });

  it('follows changes of the settings', async () => {
    const { settings, appearance, sounds } = setup();
    appearance.start();
    await flushPromises();
    settings.set('desktop.theme', 'Nocturne');
    settings.set('desktop.font', 'Roboto');
    settings.set('desktop.sounds', { theme: 'Chime', enabled: false, volume: 0.3 });
    await flushPromises();
    expect(appearance.getState()).toMatchObject({ theme: nocturne, themeName: 'Nocturne', font: 'Roboto' });
    expect(sounds.volume).toBe(0.3);
    expect(sounds.enabled).toBe(false);
  });

  it('keeps the previous theme and warns when a theme fails to load or is not a theme', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { settings, appearance } = setup({ Vision: vision, Lumen: lumen, Chime: chime, Odd: lumen });
    appearance.start();
    await flushPromises();
    settings.set('desktop.theme', 'Broken');
    await flushPromises();
    expect(appearance.getState()).toMatchObject({ theme: vision, themeName: 'Vision' });
    settings.set('desktop.theme', 'Odd');
    await flushPromises();
    expect(appearance.getState().theme).toBe(vision);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('drops a theme that arrives after another was chosen', async () => {
    let release: (m: ThemeModule) => void = () => undefined;
    const slow = new Promise<ThemeModule>((resolve) => (release = resolve));
    const { settings, appearance } = setup({ Vision: vision, Lumen: lumen, Chime: chime, Nocturne: slow });
    appearance.start();
    await flushPromises();
    settings.set('desktop.theme', 'Nocturne');
    settings.set('desktop.theme', 'Vision');
    await flushPromises();
    release(nocturne);
    await flushPromises();
    expect(appearance.getState()).toMatchObject({ theme: vision, themeName: 'Vision' });
  });

  it('gives the SVG of an icon name, or null', async () => {
    const { appearance } = setup();
    expect(appearance.iconOf('preferences')).toBeNull();
    appearance.start();
    await flushPromises();
    expect(appearance.iconOf('preferences')).toBe('<svg id="p"></svg>');
    expect(appearance.iconOf('nope')).toBeNull();
    expect(appearance.iconOf(undefined)).toBeNull();
    expect(appearance.iconOf('toString')).toBeNull();
  });
});
