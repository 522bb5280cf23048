import { CommandRegistry, DialogService, SoundPlayer, webAudioBackend, WindowManager, type Clock, type FileSystem } from '@atrium/client-core';
import type { Dimension } from '@atrium/client-core';
import type { DesktopModels, Translate } from '../ports.js';

/** What the desktop's models use besides the window manager. */
export interface DesktopEnvironment {
  /** The file dialog's filesystem (the developer entry passes a MemoryFileSystem until the VFS client exists). */
  fileSystem?: FileSystem;
  /** Applications the default-application dialog offers. */
  applications?: () => Array<{ name: string; title: string }>;
}

/** Web Audio when the browser has it; else the desktop is silent. */
function browserSounds(): SoundPlayer {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  return new SoundPlayer(AudioContextClass ? webAudioBackend(() => new AudioContextClass()) : null);
}

/** The window manager, dialogs and commands of one signed-in desktop laid out in `viewport`. */
export function createDesktopModels(environment: DesktopEnvironment & { clock: Clock }, options: { viewport: Dimension; translate: Translate }): DesktopModels {
  const { viewport, translate } = options;
  const windows = new WindowManager({ clock: environment.clock, viewport, translate });
  const dialogs = new DialogService({ windows, translate, sounds: browserSounds(), fileSystem: environment.fileSystem, applications: environment.applications });
  const commands = new CommandRegistry();
  return {
    windows,
    dialogs,
    commands,
    dispose() {
      dialogs.dispose();
      windows.dispose();
    },
  };
}
