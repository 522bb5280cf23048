import type { AudioBackend, SoundName } from './SoundPlayer.js';

/** The part of an AudioParam the synthesiser schedules. */
export interface AudioParamLike {
  setValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
}
/** The part of an OscillatorNode the synthesiser uses. */
export interface OscillatorLike {
  type: string;
  frequency: AudioParamLike;
  connect(destination: object): unknown;
  start(when?: number): void;
  stop(when?: number): void;
}
/** The part of a GainNode the synthesiser uses. */
export interface GainLike {
  gain: AudioParamLike;
  connect(destination: object): unknown;
}
/** The part of a (Web Audio) AudioContext the synthesiser uses; a real AudioContext fits. */
export interface AudioContextLike {
  readonly currentTime: number;
  readonly destination: object;
  readonly state?: string;
  resume?(): Promise<void>;
  createOscillator(): OscillatorLike;
  createGain(): GainLike;
}

/** One sine partial: frequency (Hz, optionally gliding to `glideTo`), peak gain, decay time (s). */
export interface SinePartial {
  frequency: number;
  glideTo?: number;
  peak: number;
  decay: number;
}

/** Exponential ramps cannot reach 0: this is silence. */
const SILENT = 0.0001;
const ATTACK = 0.005;

/** A bell: two inharmonic sine partials, the higher dying first. A message: a short rising blip. */
export const SOUND_PARTIALS: Readonly<Record<SoundName, readonly SinePartial[]>> = {
  bell: [
    { frequency: 880, peak: 0.35, decay: 1.2 },
    { frequency: 2376, peak: 0.15, decay: 0.5 },
  ],
  message: [{ frequency: 660, glideTo: 990, peak: 0.2, decay: 0.18 }],
};

/**
 * An AudioBackend that synthesises the sounds with the Web Audio API, so no
 * sound files are needed. The context is created on the first sound (browsers
 * only allow audio after a user gesture, and creating it early would log a
 * warning) and resumed when the browser suspended it. If the factory throws
 * (no Web Audio), every sound is silent. The UI passes
 * `() => new AudioContext()`.
 */
export function webAudioBackend(audioContextFactory: () => AudioContextLike): AudioBackend {
  let context: AudioContextLike | null | undefined;
  const getContext = (): AudioContextLike | null => {
    if (context === undefined) {
      try {
        context = audioContextFactory();
      } catch {
        context = null;
      }
    }
    return context;
  };
  return {
    play(name, volume) {
      const ctx = getContext();
      if (!ctx || volume <= 0) return;
      if (ctx.state === 'suspended') ctx.resume?.().catch(() => undefined);
      const start = ctx.currentTime;
      for (const partial of SOUND_PARTIALS[name]) playPartial(ctx, partial, volume, start);
    },
  };
}

function playPartial(ctx: AudioContextLike, partial: SinePartial, volume: number, start: number): void {
  const oscillator = ctx.createOscillator();
  const envelope = ctx.createGain();
  const end = start + ATTACK + partial.decay;
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(partial.frequency, start);
  if (partial.glideTo) oscillator.frequency.exponentialRampToValueAtTime(partial.glideTo, start + ATTACK + partial.decay / 2);
  envelope.gain.setValueAtTime(SILENT, start);
  envelope.gain.exponentialRampToValueAtTime(Math.max(SILENT, partial.peak * volume), start + ATTACK);
  envelope.gain.exponentialRampToValueAtTime(SILENT, end);
  oscillator.connect(envelope);
  envelope.connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(end + 0.05);
}
