import {
  CommandRegistry,
  DialogService,
  ForgotPasswordModel,
  ResetPasswordModel,
  SliderModel,
  SoundPlayer,
  webAudioBackend,
  WindowManager,
  type ClientConfig,
  type ClientEnvironment,
  type FileSystem,
  type Session,
} from '@atrium/client-core';
import type { Envelope } from '@atrium/shared';
import type { ModelFactories, PrivacyPolicy } from './ports.js';

/** What the desktop's dialogs may use besides the window manager. */
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

/** The real models of the screens: sign-in over the session's request clients, and the desktop's. */
export function createModelFactories(env: ClientEnvironment, session: Pick<Session, 'api' | 'wrapper'>, config: ClientConfig, desktop: DesktopEnvironment = {}): ModelFactories {
  return {
    slider: () => new SliderModel(env, session.api, config.apiBase),
    forgotPassword: () => new ForgotPasswordModel(env, session.wrapper),
    resetPassword: (code) => new ResetPasswordModel(env, session.wrapper, code),
    async privacyPolicy(host) {
      const answer = await session.api.get<Envelope<Partial<PrivacyPolicy>>>(`homescreen/privacy-policy/${encodeURIComponent(host)}`);
      const data = answer?.status === 'success' ? answer.data : null;
      if (!data) throw new Error('The privacy policy answer had no data');
      return {
        name: typeof data.name === 'string' ? data.name : null,
        privacyPolicy: typeof data.privacyPolicy === 'string' && data.privacyPolicy !== 'null' ? data.privacyPolicy : null,
      };
    },
    desktop({ viewport, translate }) {
      const windows = new WindowManager({ clock: env.clock, viewport, translate });
      const dialogs = new DialogService({ windows, translate, sounds: browserSounds(), fileSystem: desktop.fileSystem, applications: desktop.applications });
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
    },
  };
}
