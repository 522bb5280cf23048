import { describe, expect, it, vi } from 'vitest';
import { SOUND_PARTIALS, webAudioBackend, type AudioContextLike, type AudioParamLike, type GainLike, type OscillatorLike } from './webAudioBackend.js';

type Call = [string, number, number];

// Compile-time check: the UI passes a real AudioContext.
const _realContextFits: () => AudioContextLike = () => new AudioContext();

class FakeParam implements AudioParamLike {
  readonly calls: Call[] = [];
  setValueAtTime(value: number, time: number) {
    this.calls.push(['set', value, time]);
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    this.calls.push(['ramp', value, time]);
  }
}

class FakeOscillator implements OscillatorLike {
  type = 'square';
  readonly frequency = new FakeParam();
  connectedTo: object | null = null;
  started: number | null = null;
  stopped: number | null = null;
  connect(destination: object) {
    this.connectedTo = destination;
  }
  start(when = 0) {
    this.started = when;
  }
  stop(when = 0) {
    this.stopped = when;
  }
}

class FakeGain implements GainLike {
  readonly gain = new FakeParam();
  connectedTo: object | null = null;
  connect(destination: object) {
    this.connectedTo = destination;
  }
}

class FakeAudioContext implements AudioContextLike {
  currentTime = 10;
  readonly destination = { kind: 'speakers' };
  state = 'running';
  readonly oscillators: FakeOscillator[] = [];
  readonly gains: FakeGain[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  createOscillator() {
    const o = new FakeOscillator();
    this.oscillators.push(o);
    return o;
  }
  createGain() {
    const g = new FakeGain();
    this.gains.push(g);
    return g;
  }
}

describe('webAudioBackend', () => {
  it('synthesises the bell as two sine partials that decay to silence', () => {
    const ctx = new FakeAudioContext();
    webAudioBackend(() => ctx).play('bell', 1);
    expect(ctx.oscillators).toHaveLength(2);
    expect(ctx.oscillators.map((o) => o.type)).toEqual(['sine', 'sine']);
    expect(ctx.oscillators.map((o) => o.frequency.calls[0])).toEqual([
      ['set', 880, 10],
      ['set', 2376, 10],
    ]);
    for (const [i, gain] of ctx.gains.entries()) {
      const last = gain.gain.calls.at(-1)!;
      expect(last[0]).toBe('ramp');
      expect(last[1]).toBeLessThan(0.001);
      expect(ctx.oscillators[i]!.connectedTo).toBe(gain);
      expect(gain.connectedTo).toBe(ctx.destination);
      expect(ctx.oscillators[i]!.started).toBe(10);
      expect(ctx.oscillators[i]!.stopped).toBeGreaterThan(last[2]);
    }
  });

  it('synthesises the message sound as one short blip that glides upwards', () => {
    const ctx = new FakeAudioContext();
    webAudioBackend(() => ctx).play('message', 1);
    expect(ctx.oscillators).toHaveLength(1);
    const [set, glide] = ctx.oscillators[0]!.frequency.calls;
    expect(glide![1]).toBeGreaterThan(set![1]);
    expect(ctx.oscillators[0]!.stopped! - 10).toBeLessThan(0.5);
  });

  it('scales the peak of every partial by the volume', () => {
    const ctx = new FakeAudioContext();
    const backend = webAudioBackend(() => ctx);
    backend.play('bell', 1);
    backend.play('bell', 0.5);
    const peak = (g: FakeGain) => g.gain.calls[1]![1];
    expect(peak(ctx.gains[2]!)).toBeCloseTo(peak(ctx.gains[0]!) / 2);
    expect(peak(ctx.gains[0]!)).toBe(SOUND_PARTIALS.bell[0]!.peak);
  });

  it('creates the context on the first sound only and reuses it', () => {
    const factory = vi.fn(() => new FakeAudioContext());
    const backend = webAudioBackend(factory);
    expect(factory).not.toHaveBeenCalled();
    backend.play('message', 1);
    backend.play('bell', 1);
    expect(factory).toHaveBeenCalledOnce();
  });

  it('resumes a context the browser suspended', () => {
    const ctx = new FakeAudioContext();
    ctx.state = 'suspended';
    webAudioBackend(() => ctx).play('message', 1);
    expect(ctx.resume).toHaveBeenCalledOnce();
  });

  it('is silent when Web Audio is unavailable', () => {
    const factory = vi.fn((): AudioContextLike => {
      throw new Error('AudioContext is not defined');
    });
    const backend = webAudioBackend(factory);
    expect(() => backend.play('bell', 1)).not.toThrow();
    expect(() => backend.play('bell', 1)).not.toThrow();
    expect(factory).toHaveBeenCalledOnce();
  });

  it("plays a sound package's tones instead of the built-in ones, and the built-in ones again after null", () => {
    const ctx = new FakeAudioContext();
    const backend = webAudioBackend(() => ctx);
    backend.setPartials?.({
      bell: [
        { frequency: 523, gain: 0.4, start: 0, duration: 0.6, type: 'triangle' },
        { frequency: 784, gain: 0.2, start: 0.1, duration: 0.4 },
      ],
      message: [],
    });
    backend.play('bell', 0.5);
    expect(ctx.oscillators.map((o) => [o.type, o.frequency.calls[0]])).toEqual([
      ['triangle', ['set', 523, 10]],
      ['sine', ['set', 784, 10.1]],
    ]);
    expect(ctx.gains[0]!.gain.calls[1]![1]).toBeCloseTo(0.2);
    backend.play('message', 1);
    expect(ctx.oscillators).toHaveLength(3);
    expect(ctx.oscillators[2]!.frequency.calls[0]).toEqual(['set', 660, 10]);
    backend.setPartials?.(null);
    backend.play('bell', 1);
    expect(ctx.oscillators[3]!.frequency.calls[0]).toEqual(['set', 880, 10]);
  });

  it("leaves out a package's unusable tones (inaudible, too loud, too long)", () => {
    const ctx = new FakeAudioContext();
    const backend = webAudioBackend(() => ctx);
    backend.setPartials?.({
      bell: [
        { frequency: 5, gain: 0.5, start: 0, duration: 1 },
        { frequency: 440, gain: 3, start: 0, duration: 1 },
        { frequency: 440, gain: 0.5, start: 0, duration: 60 },
        { frequency: 440, gain: 0.5, start: 0, duration: 1, type: 'noise' as 'sine' },
      ],
      message: [{ frequency: 1000, gain: 0.3, start: 0, duration: 0.2 }],
    });
    backend.play('bell', 1);
    expect(ctx.oscillators.map((o) => o.frequency.calls[0]![1])).toEqual([880, 2376]);
  });
});
