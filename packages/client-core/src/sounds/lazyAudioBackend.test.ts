import { describe, expect, it } from 'vitest';
import { lazyAudioBackend } from './lazyAudioBackend.js';
import type { AudioBackend, SoundName, SoundPartials } from './SoundPlayer.js';
import type { AudioContextLike } from './webAudioBackend.js';

/** A synthesiser module that records what it is asked to play; it arrives when `arrive` is called. */
function pendingModule() {
  const played: Array<[SoundName, number]> = [];
  const partials: Array<SoundPartials | null> = [];
  let arrive!: () => void;
  let fail!: () => void;
  let loads = 0;
  const backend: AudioBackend = { play: (name, volume) => void played.push([name, volume]), setPartials: (p) => void partials.push(p) };
  const load = () => {
    loads++;
    return new Promise<{ webAudioBackend: (factory: () => AudioContextLike) => AudioBackend }>((resolve, reject) => {
      arrive = () => resolve({ webAudioBackend: () => backend });
      fail = () => reject(new Error('offline'));
    });
  };
  return { played, partials, load, arrive: () => arrive(), fail: () => fail(), loads: () => loads };
}

const factory = () => ({}) as AudioContextLike;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyAudioBackend', () => {
  it('fetches the synthesiser with the first sound only, and plays what was asked meanwhile with the tones of the sound package', async () => {
    const module = pendingModule();
    const audio = lazyAudioBackend(factory, module.load as never);
    const tones: SoundPartials = { bell: [{ frequency: 440, gain: 0.5, start: 0, duration: 0.2 }], message: [] };
    audio.setPartials?.(tones);
    expect(module.loads()).toBe(0);
    audio.play('bell', 1);
    audio.play('message', 0.5);
    expect(module.loads()).toBe(1);
    module.arrive();
    await settle();
    expect(module.partials).toEqual([tones]);
    expect(module.played).toEqual([['bell', 1], ['message', 0.5]]);
    audio.play('bell', 0.2);
    expect(module.played.at(-1)).toEqual(['bell', 0.2]);
    expect(module.loads()).toBe(1);
  });

  it('drops the sounds of a failed fetch and tries again with the next sound', async () => {
    const module = pendingModule();
    const audio = lazyAudioBackend(factory, module.load as never);
    audio.play('bell', 1);
    module.fail();
    await settle();
    audio.play('message', 1);
    expect(module.loads()).toBe(2);
    module.arrive();
    await settle();
    expect(module.played).toEqual([['message', 1]]);
  });
});
