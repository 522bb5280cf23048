import { CommandRegistry, DialogService, SoundPlayer, webAudioBackend, WindowManager, type BuiltinLoaders, type ClientConfig, type ClientEnvironment, type Clock, type FileSystem, type PackageLoader, type Session } from '@atrium/client-core';
import type { Dimension } from '@atrium/client-core';
import type { DesktopModels, Translate } from '../ports.js';

/** What the desktop's models use besides the window manager. */
export interface DesktopEnvironment {
  /** The file dialog's filesystem (the developer entry passes a MemoryFileSystem until the VFS client exists). */
  fileSystem?: FileSystem;
  /** Applications the default-application dialog offers. */
  applications?: () => Array<{ name: string; title: string }>;
  /** The packages the web build carries (web/src/builtinPackages.ts), by package name. */
  builtins?: BuiltinLoaders;
  /** How the files of registered packages are loaded (client-core's default when absent). */
  loader?: PackageLoader;
}

/** What the application platform of a desktop needs from the page (createModelFactories supplies it). */
export interface DesktopPlatform {
  env: ClientEnvironment;
  session: Session;
  config: ClientConfig;
  /** Forgets the launch request of the page address once its app has been launched. */
  forgetLaunchRequest(): void;
}

/** Web Audio when the browser has it; else the desktop is silent. */
function browserSounds(): SoundPlayer {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  return new SoundPlayer(AudioContextClass ? webAudioBackend(() => new AudioContextClass()) : null);
}

/** The window manager, dialogs, commands and sounds of one signed-in desktop laid out in `viewport`. */
export function createDesktopModels(environment: DesktopEnvironment & { clock: Clock }, options: { viewport: Dimension; translate: Translate }): DesktopModels {
  const { viewport, translate } = options;
  const windows = new WindowManager({ clock: environment.clock, viewport, translate });
  const sounds = browserSounds();
  const dialogs = new DialogService({ windows, translate, sounds, fileSystem: environment.fileSystem, applications: environment.applications });
  const commands = new CommandRegistry();
  return {
    windows,
    dialogs,
    commands,
    sounds,
    dispose() {
      dialogs.dispose();
      windows.dispose();
    },
  };
}
