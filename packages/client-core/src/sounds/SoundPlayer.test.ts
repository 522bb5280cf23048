import { describe, expect, it, vi } from 'vitest';
import { SoundPlayer, type AudioBackend } from './SoundPlayer.js';

function recorder() {
  const played: Array<[string, number]> = [];
  const audio: AudioBackend = { play: (name, volume) => void played.push([name, volume]) };
  return { audio, played };
}

describe('SoundPlayer', () => {
  it('plays at volume 1 by default', () => {
    const { audio, played } = recorder();
    const player = new SoundPlayer(audio);
    player.play('bell');
    expect(player.volume).toBe(1);
    expect(played).toEqual([['bell', 1]]);
  });

  it('passes the chosen volume to the backend', () => {
    const { audio, played } = recorder();
    const player = new SoundPlayer(audio);
    player.volume = 0.25;
    player.play('message');
    expect(played).toEqual([['message', 0.25]]);
  });

  it('clamps the volume to 0..1 and ignores a non-number', () => {
    const player = new SoundPlayer(null);
    player.volume = 3;
    expect(player.volume).toBe(1);
    player.volume = -1;
    expect(player.volume).toBe(0);
    player.volume = Number.NaN;
    expect(player.volume).toBe(0);
  });

  it('stays silent at volume 0', () => {
    const { audio, played } = recorder();
    const player = new SoundPlayer(audio);
    player.volume = 0;
    player.play('bell');
    expect(played).toEqual([]);
  });

  it('stays silent without a backend', () => {
    expect(() => new SoundPlayer(null).play('bell')).not.toThrow();
  });

  it('never lets a failing backend disturb the caller', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const player = new SoundPlayer({
      play: () => {
        throw new Error('NotAllowedError');
      },
    });
    expect(() => player.play('message')).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('stays silent while disabled', () => {
    const { audio, played } = recorder();
    const player = new SoundPlayer(audio);
    player.enabled = false;
    player.play('bell');
    player.enabled = true;
    player.play('message');
    expect(played).toEqual([['message', 1]]);
  });

  it("hands a sound package's tones to the backend, when it takes them", () => {
    const given: unknown[] = [];
    const partials = { bell: [{ frequency: 440, gain: 0.5, start: 0, duration: 0.5 }], message: [] };
    new SoundPlayer({ play: () => undefined, setPartials: (p) => void given.push(p) }).setPartials(partials);
    expect(given).toEqual([partials]);
    expect(() => new SoundPlayer({ play: () => undefined }).setPartials(partials)).not.toThrow();
  });
});
