import { SOUND_DEFAULT_VOLUME, type SoundPartial } from '@atrium/shared';

/** The sounds the desktop plays: an alert's bell (errors) and a soft message sound. */
export type SoundName = 'bell' | 'message';

/** Tones of each sound, as a sound package gives them (SoundsModule.sounds). */
export type SoundPartials = Readonly<Record<SoundName, readonly SoundPartial[]>>;

/** Whatever actually makes a sound (webAudioBackend in the browser, a fake in tests). */
export interface AudioBackend {
  play(name: SoundName, volume: number): void;
  /** Plays these tones instead of the built-in ones; null goes back to the built-in ones. */
  setPartials?(partials: SoundPartials | null): void;
}

/**
 * Plays the desktop's sounds at the chosen volume (default 1, docs/behaviour/limits.md). The volume
 * is clamped to 0..1 (a non-number is ignored); at 0, or without a backend,
 * nothing plays, nor while `enabled` is false (the 'desktop.sounds' setting).
 * A sound package's tones replace the built-in ones (setPartials). A failing
 * backend (autoplay refused, no audio device) never disturbs the caller.
 */
export class SoundPlayer {
  readonly #audio: AudioBackend | null;
  #volume = SOUND_DEFAULT_VOLUME;
  /** Sounds are played only while enabled. */
  enabled = true;

  constructor(audio: AudioBackend | null) {
    this.#audio = audio;
  }

  get volume(): number {
    return this.#volume;
  }

  set volume(value: number) {
    if (typeof value !== 'number' || Number.isNaN(value)) return;
    this.#volume = Math.min(1, Math.max(0, value));
  }

  /** Tones of a sound package for the backend (null: the built-in ones). */
  setPartials(partials: SoundPartials | null): void {
    try {
      this.#audio?.setPartials?.(partials);
    } catch (error) {
      console.warn('The sound package could not be used.', error);
    }
  }

  play(name: SoundName): void {
    if (!this.#audio || !this.enabled || this.#volume === 0) return;
    try {
      this.#audio.play(name, this.#volume);
    } catch (error) {
      console.warn(`The sound '${name}' could not be played.`, error);
    }
  }
}
