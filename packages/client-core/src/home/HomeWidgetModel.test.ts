import type { Profile } from '@atrium/shared';
import type { HomeProfile } from '@atrium/shared/dashboards';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock, flushPromises } from '../testing/FakeClock.js';
import { makeProfile } from '../testing/fixtures.js';
import { HomeWidgetModel } from './HomeWidgetModel.js';

/** Settings as the desktop's store shows them: loaded or not, and the widgets' list. */
class FakeSettings {
  loaded = false;
  widgets: Array<{ name: string }> = [{ name: 'home' }];
  readonly #listeners = new Set<() => void>();
  get = () => this.widgets;
  getState = () => ({ loaded: this.loaded });
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  change(changes: { loaded?: boolean; widgets?: Array<{ name: string }> }): void {
    Object.assign(this, changes);
    for (const listener of [...this.#listeners]) listener();
  }
}

const html = (block: string): HomeProfile => ({ type: 'html', html: block, dashboard_uuid: null });

function setup(options: { profile?: Profile; answers?: Record<string, unknown> } = {}) {
  const settings = new FakeSettings();
  let profile = options.profile ?? makeProfile();
  const profileListeners = new Set<() => void>();
  const answers: Record<string, unknown> = { home: html('<p>Hello {firstname}</p>'), detail: { manager_name: 'Grace Hopper' }, ...options.answers };
  const request = vi.fn(async (_method: 'get', path: string) => {
    const answer = path.endsWith('/detail') ? answers.detail : answers.home;
    if (answer instanceof Error) throw answer;
    return { status: 'success', data: answer };
  });
  const clock = new FakeClock(Date.UTC(2026, 10, 27, 9, 0));
  const model = new HomeWidgetModel({
    settings,
    profile: () => profile,
    onProfileUpdated: (listener) => {
      profileListeners.add(listener);
      return () => profileListeners.delete(listener);
    },
    request: request as unknown as <T>(method: 'get', path: string) => Promise<T>,
    clock,
    locale: () => 'en_EN',
  });
  const switchProfile = (next: Profile) => {
    profile = next;
    for (const listener of [...profileListeners]) listener();
  };
  const homeCalls = () => request.mock.calls.filter(([, path]) => path.startsWith('profile/user/')).length;
  return { settings, model, request, answers, switchProfile, homeCalls };
}

// The filling is a module of its own, fetched with the first block: here before the first test, as on an idle desktop.
beforeAll(async () => {
  await import('./homePlaceholders.js');
});
afterEach(() => vi.restoreAllMocks());

describe('HomeWidgetModel: the profile in the block', () => {
  it("fills every placeholder from the user's profile, organisation, manager and today's date", async () => {
    const block = '{name}|{firstname}|{lastname}|{username}|{designation}|{organisation}|{manager}|{email}|{country}|{date}';
    const { settings, model, request } = setup({ profile: makeProfile({ country: 'Norway' }), answers: { home: html(block) } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: 'Ada Lovelace|Ada|Lovelace|ada|Analyst|Acme|Grace Hopper|ada@example.com|Norway|November 27, 2026' });
    expect(request).toHaveBeenCalledWith('get', 'profile/user/8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b');
    expect(request).toHaveBeenCalledWith('get', 'user/8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b/detail');
  });

  it('puts values in as text: markup in a name or designation is escaped, never run or parsed', async () => {
    const profile = makeProfile({ name: '<img src=x onerror="alert(1)">', designation: `"' onmouseover=alert(1) x='` });
    const { settings, model } = setup({ profile, answers: { home: html('<h1>{name}</h1><a title="{designation}">x</a>') } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({
      status: 'html',
      html: '<h1>&#60;img src=x onerror=&#34;alert(1)&#34;&#62;</h1><a title="&#34;&#39; onmouseover=alert(1) x=&#39;">x</a>',
    });
  });

  it('leaves unknown words in braces alone, shows a missing field as empty and fetches the manager only when named', async () => {
    const { settings, model, request } = setup({ answers: { home: html('<p>{nickname} {country}.</p>') } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>{nickname} .</p>' });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("shows the block with an empty manager when the manager's name cannot be fetched", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { settings, model } = setup({ answers: { home: html('<p>[{manager}]</p>'), detail: new Error('down') } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>[]</p>' });
    expect(warn).toHaveBeenCalled();
  });

  it("shows the user's dashboard, and nothing when there is neither a block nor a dashboard", async () => {
    const { settings, model, answers } = setup({ answers: { home: { type: 'dashboard', html: null, dashboard_uuid: '0b9f3b0e-5b8a-4c39-9d7c-2a1f0e3d4c5b' } } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'dashboard', dashboard: '0b9f3b0e-5b8a-4c39-9d7c-2a1f0e3d4c5b' });
    answers.home = html('   ');
    await model.refresh();
    expect(model.getState()).toEqual({ status: 'empty' });
  });
});

describe('HomeWidgetModel: following the widgets setting', () => {
  it('asks nothing before the settings have loaded, then asks once when the setting names the widget', async () => {
    const { settings, model, homeCalls } = setup();
    expect(model.getState()).toEqual({ status: 'hidden' });
    expect(homeCalls()).toBe(0);
    settings.change({ loaded: true });
    expect(model.getState()).toEqual({ status: 'loading' });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>Hello Ada</p>' });
    settings.change({});
    await flushPromises();
    expect(homeCalls()).toBe(1);
  });

  it('hides at once when the widget is switched off and asks again when it is switched back on', async () => {
    const { settings, model, answers, homeCalls } = setup();
    settings.change({ loaded: true });
    await flushPromises();
    settings.change({ widgets: [] });
    expect(model.getState()).toEqual({ status: 'hidden' });
    answers.home = html('<p>New block</p>');
    settings.change({ widgets: [{ name: 'home' }] });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>New block</p>' });
    expect(homeCalls()).toBe(2);
  });

  it('never asks when the user keeps the widget off', async () => {
    const { settings, model, homeCalls } = setup();
    settings.change({ loaded: true, widgets: [] });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'hidden' });
    expect(homeCalls()).toBe(0);
  });

  it('drops an answer that comes after the widget was switched off', async () => {
    const { settings, model, request } = setup();
    let release!: () => void;
    request.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve({ status: 'success', data: html('<p>late</p>') }))));
    settings.change({ loaded: true });
    settings.change({ widgets: [] });
    release();
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'hidden' });
  });
});

describe('HomeWidgetModel: asking again', () => {
  it("asks again after an organisation switch and shows the new organisation's block with the new profile", async () => {
    const { settings, model, answers, switchProfile, homeCalls } = setup({ answers: { home: html('<p>{organisation}</p>') } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>Acme</p>' });
    answers.home = html('<p>Welcome to {organisation}</p>');
    switchProfile(makeProfile({ accountId: 'acc-2', active_account: { name: 'Globex', preferences: makeProfile().active_account.preferences } }));
    // The block stays while the new one is on its way.
    expect(model.getState()).toEqual({ status: 'html', html: '<p>Acme</p>' });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>Welcome to Globex</p>' });
    expect(homeCalls()).toBe(2);
  });

  it('shows nothing (and logs) when the answer does not come, and recovers on the next question', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { settings, model, answers } = setup({ answers: { home: new Error('Service Unavailable') } });
    settings.change({ loaded: true });
    await flushPromises();
    expect(model.getState()).toEqual({ status: 'failed' });
    expect(warn).toHaveBeenCalledWith('The home widget could not be loaded.', expect.any(Error));
    answers.home = html('<p>back</p>');
    await model.refresh();
    expect(model.getState()).toEqual({ status: 'html', html: '<p>back</p>' });
  });

  it('stops following the settings and the profile once disposed', async () => {
    const { settings, model, switchProfile, homeCalls } = setup();
    model.dispose();
    settings.change({ loaded: true });
    switchProfile(makeProfile());
    await flushPromises();
    expect(homeCalls()).toBe(0);
  });
});
