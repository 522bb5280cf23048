import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { NotificationService } from './NotificationService.js';

const services: NotificationService[] = [];
function setup() {
  const clock = new FakeClock();
  const played: string[] = [];
  const native: Array<[string, string]> = [];
  const service = new NotificationService({ clock, sounds: { play: (name) => void played.push(name) }, native: (title, body) => void native.push([title, body]) });
  services.push(service);
  return { clock, service, played, native };
}
afterEach(() => services.splice(0).forEach((s) => s.dispose()));

describe('NotificationService', () => {
  it('shows a notification with its fields and removes it after 5000 ms by default', () => {
    const { clock, service } = setup();
    const id = service.create({ title: 'Saved', message: 'All done', icon: 'check' });
    expect(service.getState().items).toEqual([{ id, title: 'Saved', message: 'All done', icon: 'check', createdAt: clock.now(), timeout: 5000, titleKey: null }]);
    clock.advance(4999);
    expect(service.getState().items).toHaveLength(1);
    clock.advance(1);
    expect(service.getState().items).toEqual([]);
  });

  it('honours its own timeout and keeps a timeout-0 notification until dismissed', () => {
    const { clock, service } = setup();
    const quick = service.create({ title: 'Quick', timeout: 1000 });
    const sticky = service.create({ title: 'Sticky', timeout: 0 });
    expect(service.getState().items.map((t) => t.message)).toEqual([null, null]);
    clock.advance(1000);
    expect(service.getState().items.map((t) => t.id)).toEqual([sticky]);
    clock.advance(60 * 60 * 1000);
    expect(service.getState().items.map((t) => t.id)).toEqual([sticky]);
    service.dismiss(sticky);
    expect(service.getState().items).toEqual([]);
    expect(quick).not.toBe(sticky);
  });

  it('treats a negative or non-number timeout as the default', () => {
    const { clock, service } = setup();
    service.create({ title: 'A', timeout: -1 });
    service.create({ title: 'B', timeout: Number.NaN });
    clock.advance(5000);
    expect(service.getState().items).toEqual([]);
  });

  it('plays the message sound only when asked', () => {
    const { service, played } = setup();
    service.create({ title: 'Silent' });
    service.create({ title: 'Loud', sound: true });
    expect(played).toEqual(['message']);
  });

  it('also shows a browser notification when native is set', () => {
    const { service, native } = setup();
    service.create({ title: 'Plain' });
    service.create({ title: 'Native', message: 'Body', native: true });
    service.create({ title: 'No body', native: true });
    expect(native).toEqual([
      ['Native', 'Body'],
      ['No body', ''],
    ]);
  });

  it('keeps every notification while held, then gives each the time it had left, at least a second', () => {
    const { clock, service } = setup();
    const first = service.create({ title: 'First' });
    clock.advance(4500);
    const second = service.create({ title: 'Second' });
    service.hold(true);
    const third = service.create({ title: 'Third', timeout: 2000 });
    clock.advance(60_000);
    expect(service.getState().items.map((t) => t.id)).toEqual([first, second, third]);
    service.hold(false);
    clock.advance(999);
    expect(service.getState().items.map((t) => t.id)).toEqual([first, second, third]);
    clock.advance(1);
    expect(service.getState().items.map((t) => t.id)).toEqual([second, third]);
    clock.advance(1000);
    expect(service.getState().items.map((t) => t.id)).toEqual([second]);
    clock.advance(3000);
    expect(service.getState().items).toEqual([]);
  });

  it('dismissing early cancels its timer; an unknown id does nothing', () => {
    const { clock, service } = setup();
    const id = service.create({ title: 'Bye' });
    const before = service.getState();
    service.dismiss(999);
    expect(service.getState()).toBe(before);
    service.dismiss(id);
    expect(clock.pending).toBe(0);
  });

  it('dispose() cancels every timer', () => {
    const { clock, service } = setup();
    service.create({ title: 'One' });
    service.create({ title: 'Two', timeout: 100 });
    service.dispose();
    expect(clock.pending).toBe(0);
  });
});
