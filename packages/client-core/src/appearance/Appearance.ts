import { DEFAULT_THEME, type BackgroundSettings, type IconsModule, type SoundSettings, type SoundsModule, type ThemeModule } from '@atrium/shared';
import { Observable } from '../Observable.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import type { SoundPlayer } from '../sounds/SoundPlayer.js';

export interface AppearanceState {
  /** The loaded theme module; null until one loads (the CSS defaults are Vision's). */
  theme: ThemeModule | null;
  /** Name of the theme shown (the loaded one, or the chosen one until a theme has loaded). */
  themeName: string;
  icons: IconsModule | null;
  font: 'Lato' | 'Roboto';
  background: BackgroundSettings;
}

/** What Appearance needs of the PackageManager. */
export interface ModuleSource {
  loadModule<T>(name: string): Promise<T>;
}

/**
 * The desktop's look, following the settings: the theme ('desktop.theme'),
 * icon ('desktop.icons') and sound ('desktop.sounds') packages loaded
 * through the package manager, the font and the background. A package that
 * fails to load (or is not of its kind) logs a warning and the previous one
 * stays. The sound player follows the volume and enabled flag and plays the
 * sound package's tones.
 */
export class Appearance extends Observable<AppearanceState> {
  readonly #settings: SettingsStore;
  readonly #packages: ModuleSource;
  readonly #sounds: SoundPlayer;
  #stop: (() => void) | null = null;
  #wanted = { theme: '', icons: '', sounds: '' };
  #disposed = false;

  constructor(options: { settings: SettingsStore; packages: ModuleSource; sounds: SoundPlayer }) {
    const { settings } = options;
    super({ theme: null, themeName: settings.get('desktop.theme') || DEFAULT_THEME, icons: null, font: settings.get('desktop.font'), background: settings.get('desktop.background') });
    this.#settings = settings;
    this.#packages = options.packages;
    this.#sounds = options.sounds;
  }

  /** Applies the current settings and follows their changes. */
  start(): void {
    if (this.#stop || this.#disposed) return;
    this.#stop = this.#settings.subscribe(() => this.#follow());
    this.#follow();
  }

  /** The SVG markup of an icon of the icon package, or null. */
  iconOf(name: string | undefined): string | null {
    if (!name) return null;
    const icons = this.getState().icons?.icons;
    return icons && Object.hasOwn(icons, name) ? (icons[name] ?? null) : null;
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop?.();
    this.#stop = null;
    this.clearListeners();
  }

  #follow(): void {
    const settings = this.#settings;
    const font = settings.get('desktop.font');
    const background = settings.get('desktop.background');
    const state = this.getState();
    if (font !== state.font || background !== state.background) this.setState({ ...state, font, background });
    this.#followSounds(settings.get('desktop.sounds'));
    this.#load('theme', settings.get('desktop.theme'), (module: ThemeModule, name) => {
      if (module?.type !== 'theme' || typeof module.variables !== 'object') return false;
      this.setState({ ...this.getState(), theme: module, themeName: name });
      return true;
    });
    this.#load('icons', settings.get('desktop.icons'), (module: IconsModule) => {
      if (module?.type !== 'icons' || typeof module.icons !== 'object') return false;
      this.setState({ ...this.getState(), icons: module });
      return true;
    });
  }

  #followSounds(sounds: SoundSettings): void {
    this.#sounds.volume = sounds.volume;
    this.#sounds.enabled = sounds.enabled;
    this.#load('sounds', sounds.theme, (module: SoundsModule) => {
      if (module?.type !== 'sounds' || typeof module.sounds !== 'object') return false;
      this.#sounds.setPartials(module.sounds);
      return true;
    });
  }

  /** Loads a package when the chosen name changes; a stale answer (the choice changed meanwhile) is dropped. */
  #load<T>(kind: 'theme' | 'icons' | 'sounds', name: string, use: (module: T, name: string) => boolean): void {
    if (!name || this.#wanted[kind] === name) return;
    this.#wanted[kind] = name;
    this.#packages.loadModule<T>(name).then(
      (module) => {
        if (this.#disposed || this.#wanted[kind] !== name) return;
        if (!use(module, name)) console.warn(`The package '${name}' is not a ${kind} package; the previous one is kept.`);
      },
      (error: unknown) => {
        if (!this.#disposed && this.#wanted[kind] === name) console.warn(`The ${kind} package '${name}' could not be loaded; the previous one is kept.`, error);
      },
    );
  }
}
