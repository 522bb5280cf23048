import type { AudioBackend, SoundName, SoundPartials } from './SoundPlayer.js';
import { retryImport } from '../retryImport.js';
import type { AudioContextLike } from './webAudioBackend.js';

/**
 * The browser's sound backend, whose synthesiser (webAudioBackend) is
 * fetched with the first sound: the signed-in shell does not carry it
 * (docs/PERFORMANCE.md). A sound asked for while it loads plays once it is
 * there; a sound package's tones (setPartials) are kept until then. If it
 * cannot be fetched, those sounds are dropped and the next sound tries again.
 */
export function lazyAudioBackend(audioContextFactory: () => AudioContextLike, load = () => import('./webAudioBackend.js')): AudioBackend {
  let backend: AudioBackend | null = null;
  let loading: Promise<void> | null = null;
  let partials: SoundPartials | null = null;
  const waiting: Array<[SoundName, number]> = [];
  return {
    play(name, volume) {
      if (backend) return backend.play(name, volume);
      waiting.push([name, volume]);
      loading ??= retryImport(load).then(
        ({ webAudioBackend }) => {
          backend = webAudioBackend(audioContextFactory);
          backend.setPartials?.(partials);
          for (const [sound, level] of waiting.splice(0)) backend.play(sound, level);
        },
        () => {
          loading = null;
          waiting.length = 0;
        },
      );
    },
    setPartials(next) {
      partials = next;
      backend?.setPartials?.(next);
    },
  };
}
