import type { SoundPartial } from '@atrium/shared';
import type { AudioBackend, SoundName, SoundPartials } from './SoundPlayer.js';

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
 * `() => new AudioContext()`. setPartials() takes a sound package's tones
 * (checked: audible frequencies, gain 0..1, at most 5 s, 16 tones a sound);
 * a sound without a usable tone keeps the built-in one.
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
  let custom: Partial<Record<SoundName, SoundPartial[]>> = {};
  return {
    play(name, volume) {
      const ctx = getContext();
      if (!ctx || volume <= 0) return;
      if (ctx.state === 'suspended') ctx.resume?.().catch(() => undefined);
      const start = ctx.currentTime;
      const tones = custom[name];
      if (tones) for (const tone of tones) playTone(ctx, tone, volume, start);
      else for (const partial of SOUND_PARTIALS[name]) playPartial(ctx, partial, volume, start);
    },
    setPartials(partials) {
      custom = usablePartials(partials);
    },
  };
}

const TONE_TYPES: ReadonlySet<string> = new Set(['sine', 'triangle', 'square', 'sawtooth']);
const MAX_TONES = 16;
const MAX_SECONDS = 5;

/** The usable tones of each sound of a package (none usable: the sound is left out). */
function usablePartials(partials: SoundPartials | null): Partial<Record<SoundName, SoundPartial[]>> {
  const usable: Partial<Record<SoundName, SoundPartial[]>> = {};
  if (!partials || typeof partials !== 'object') return usable;
  const between = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  for (const name of Object.keys(SOUND_PARTIALS) as SoundName[]) {
    const list = partials[name];
    if (!Array.isArray(list)) continue;
    const tones = list
      .filter((t: SoundPartial) => typeof t === 'object' && t !== null && between(t.frequency, 20, 20_000) && between(t.gain, 0, 1) && between(t.start, 0, MAX_SECONDS) && between(t.duration, 0.01, MAX_SECONDS) && (t.type === undefined || TONE_TYPES.has(t.type)))
      .slice(0, MAX_TONES);
    if (tones.length > 0) usable[name] = tones.map((t: SoundPartial) => ({ ...t }));
  }
  return usable;
}

/** A tone of a sound package: from `start` for `duration` seconds at `gain`, quick attack and exponential decay. */
function playTone(ctx: AudioContextLike, tone: SoundPartial, volume: number, at: number): void {
  const oscillator = ctx.createOscillator();
  const envelope = ctx.createGain();
  const start = at + tone.start;
  const end = start + Math.max(tone.duration, ATTACK * 2);
  oscillator.type = tone.type ?? 'sine';
  oscillator.frequency.setValueAtTime(tone.frequency, start);
  envelope.gain.setValueAtTime(SILENT, start);
  envelope.gain.exponentialRampToValueAtTime(Math.max(SILENT, tone.gain * volume), start + ATTACK);
  envelope.gain.exponentialRampToValueAtTime(SILENT, end);
  oscillator.connect(envelope);
  envelope.connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(end + 0.05);
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
