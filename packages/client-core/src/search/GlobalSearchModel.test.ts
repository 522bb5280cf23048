import { retryAfterOf, tooManyRequestsText, type Application } from '@atrium/sdk';
import type { Locale } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDesktop, type Desktop } from '../desktop/createDesktop.js';
import { entry, FakePackageLoader, recordingRuntime } from '../packages/testing/packageHarness.js';
import { FakeDesktopServer, LOOK_PACKAGES } from '../testing/desktopServer.js';
import { FakeAuthServer, makeProfile, startSignedIn, testConfig } from '../testing/fixtures.js';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { translateEnglish } from '../testing/translate.js';

const desktops: Desktop[] = [];
afterEach(() => {
  desktops.splice(0).forEach((d) => d.dispose());
  vi.restoreAllMocks();
});

/** A signed-in desktop whose profile has searched for 'budget' then 'roadmap' before, with a GlobalSearch application. */
async function setup(options: { history?: string } = {}) {
  const auth = new FakeAuthServer(new FakeEnvironment());
  auth.profile = makeProfile({ search_history: options.history ?? 'roadmap,budget' });
  const { env, session } = await startSignedIn({ server: auth });
  const server = new FakeDesktopServer(env, { manifest: [entry('GlobalSearch', { defaultAppforOrgs: 1, singleton: true }), entry('Chat', { defaultAppforOrgs: 1 })] });
  server.searchHistory = auth.profile.search_history;
  const globalSearch = recordingRuntime();
  const desktop = createDesktop(
    {
      env,
      session,
      config: testConfig,
      translate: translateEnglish,
      locale: () => 'en_EN',
      setLocale: async (_locale: Locale) => undefined,
      builtins: { ...LOOK_PACKAGES.builtins, GlobalSearch: async () => ({ default: globalSearch }), Chat: async () => ({ default: recordingRuntime() }) },
      loader: new FakePackageLoader(),
    },
    { viewport: { width: 1280, height: 800 } },
  );
  desktops.push(desktop);
  await desktop.start();
  await env.clock.settle();
  env.requests.length = 0;
  return { env, server, desktop, model: await desktop.globalSearch(), launched: globalSearch.launched as Application[] };
}

describe('the global search panel', () => {
  it('opens as one of the desktop overlays: opening it closes the application menu, and another overlay closes it', async () => {
    const { desktop, model } = await setup();
    desktop.ui.openPopup('appMenu');
    model.open();
    expect(model.getState().open).toBe(true);
    expect(desktop.ui.getState().popup).toBe('globalSearch');
    desktop.ui.openPopup('palette');
    expect(model.getState().open).toBe(false);
    model.toggle();
    expect(model.getState().open).toBe(true);
    model.toggle();
    expect(model.getState().open).toBe(false);
  });

  it("lists the profile's earlier searches as Recent, newest first, and a click on one fills the search bar", async () => {
    const { model } = await setup();
    model.open();
    expect(model.getState().recent).toEqual(['roadmap', 'budget']);
    model.pickRecent('budget');
    expect(model.getState().text).toBe('budget');
  });

  it("refuses an empty text with 'Please enter something to search!' and sends nothing", async () => {
    const { env, model, launched } = await setup();
    model.open();
    model.setText('   ');
    expect(model.submit()).toBe(false);
    expect(model.getState().problem).toBe('empty');
    expect(model.getState().open).toBe(true);
    await env.clock.settle();
    expect(env.requests).toEqual([]);
    expect(launched).toEqual([]);
  });

  it("refuses a text of special characters only with 'The use of special characters is not allowed!' and sends nothing; typing clears the refusal", async () => {
    const { env, model, launched } = await setup();
    model.open();
    model.setText('%$#@!');
    expect(model.submit()).toBe(false);
    expect(model.getState().problem).toBe('special');
    await env.clock.settle();
    expect(env.requests).toEqual([]);
    expect(launched).toEqual([]);
    model.setText('%$#@!a');
    expect(model.getState().problem).toBeNull();
  });

  it('opens GlobalSearch with the text and the filter, closes the panel and saves the text first in the history', async () => {
    const { env, server, model, launched } = await setup();
    model.open();
    model.setText('  audit plan ');
    model.toggleFilter('comments');
    expect(model.submit()).toBe(true);
    expect(model.getState().open).toBe(false);
    // First in Recent at once, before the server has answered.
    expect(model.getState().recent).toEqual(['audit plan', 'roadmap', 'budget']);
    await env.clock.settle();
    expect(launched).toHaveLength(1);
    expect(launched[0]!.args).toEqual({ searchedValue: 'audit plan', selectedFilter: 'comments' });
    expect(env.calls('POST', '/api/v1/user/updateusersearchitems').map((r) => r.json())).toEqual([{ search_history: 'audit plan' }]);
    expect(server.searchHistory).toBe('audit plan,roadmap,budget');
    model.open();
    expect(model.getState()).toMatchObject({ text: '', filter: 'comments', recent: ['audit plan', 'roadmap', 'budget'] });
  });

  it('sends no filter when none is pressed, and pressing the pressed filter again releases it', async () => {
    const { env, model, launched } = await setup();
    model.open();
    model.toggleFilter('users');
    model.toggleFilter('users');
    model.setText('Olivia');
    model.submit();
    await env.clock.settle();
    expect(launched[0]!.args).toEqual({ searchedValue: 'Olivia', selectedFilter: '' });
  });

  it('a search already in Recent moves to the top without a repeat (whatever its case)', async () => {
    const { env, model } = await setup();
    model.open();
    model.setText('BUDGET');
    model.submit();
    await env.clock.settle();
    model.open();
    expect(model.getState().recent).toEqual(['BUDGET', 'roadmap']);
  });

  it('keeps the search first in Recent on this page when the history cannot be saved, and says so in the log', async () => {
    const { env, server, model, launched } = await setup();
    server.searchHistory = null;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    model.open();
    model.setText('budget');
    model.submit();
    await env.clock.settle();
    expect(launched).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('search history could not be saved'), expect.anything());
    model.open();
    expect(model.getState().recent).toEqual(['budget', 'roadmap']);
  });
});

describe('Desktop.search for applications', () => {
  it("answers the profile's recent searches before the search's code has loaded, and the same after", async () => {
    const auth = new FakeAuthServer(new FakeEnvironment());
    auth.profile = makeProfile({ search_history: 'roadmap,budget' });
    const { env, session } = await startSignedIn({ server: auth });
    const server = new FakeDesktopServer(env, { manifest: [entry('Chat', { defaultAppforOrgs: 1 })] });
    server.searchHistory = 'roadmap,budget';
    const chat = recordingRuntime();
    const desktop = createDesktop(
      { env, session, config: testConfig, translate: translateEnglish, locale: () => 'en_EN', setLocale: async () => undefined, builtins: { ...LOOK_PACKAGES.builtins, Chat: async () => ({ default: chat }) }, loader: new FakePackageLoader() },
      { viewport: { width: 1280, height: 800 } },
    );
    desktops.push(desktop);
    await desktop.start();
    await desktop.packages.launch({ app: 'Chat' });
    const search = chat.launched[0]!.desktop.search;
    expect(search.history()).toEqual(['roadmap', 'budget']);
    await env.clock.settle();
    await search.remember('audit');
    expect(search.history()).toEqual(['audit', 'roadmap', 'budget']);
  });

  it('searches the server, refuses what the panel refuses before sending it, and shares the Recent list with the panel', async () => {
    const { env, server, model, launched } = await setup();
    model.open();
    model.setText('Olivia');
    model.submit();
    await env.clock.settle();
    const search = launched[0]!.desktop.search;
    expect(search.history()).toEqual(['Olivia', 'roadmap', 'budget']);

    const answer = await search.query('budget', { filter: 'attachments', take: 5, skip: 10 });
    expect(answer).toMatchObject({ q: 'budget', filter: 'attachments', attachments: { count: 0, items: [] } });
    expect(server.searchQueries).toEqual([{ q: 'budget', filter: 'attachments', take: 5, skip: 10 }]);

    await expect(search.query('  ')).rejects.toMatchObject({ code: 'search.empty', message: 'Please enter something to search!' });
    await expect(search.query('***')).rejects.toMatchObject({ code: 'search.special', message: 'The use of special characters is not allowed!' });
    expect(server.searchQueries).toHaveLength(1);

    await search.remember('quarterly');
    model.open();
    expect(model.getState().recent).toEqual(['quarterly', 'Olivia', 'roadmap', 'budget']);
  });

  it("rejects with the server's text when the search fails", async () => {
    const { server, launched, model, env } = await setup();
    model.setText('x1');
    model.submit();
    await env.clock.settle();
    server.searchAnswer = () => new Response(JSON.stringify({ status: 'error', message: 'Search is unavailable' }), { status: 503, statusText: 'Service Unavailable', headers: { 'Content-Type': 'application/json' } });
    await expect(launched[0]!.desktop.search.query('budget')).rejects.toThrow('Search is unavailable');
  });

  it('after the server refused a search as too many, holds the next submit back with the seconds left, until that time has passed', async () => {
    const { server, launched, model, env } = await setup();
    model.open();
    model.setText('budget');
    model.submit();
    await env.clock.settle();
    const search = launched[0]!.desktop.search;
    server.searchAnswer = () =>
      new Response(JSON.stringify({ status: 'error', message: 'Too many requests, please try again later', code: 'request.rate-limited', retryAfter: 12 }), {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Content-Type': 'application/json', 'Retry-After': '12' },
      });
    const refused = await search.query('budget').catch((error: unknown) => error);
    expect(retryAfterOf(refused)).toBe(12);
    expect(tooManyRequestsText(refused, translateEnglish)).toBe('Too many requests, please try again in 12 s');

    model.open();
    model.setText('roadmap');
    env.clock.advance(2000);
    expect(model.submit()).toBe(false);
    expect(model.getState()).toMatchObject({ open: true, problem: null, retryIn: 10 });
    expect(launched).toHaveLength(1);
    // Typing clears it; the time passing lets the search go.
    model.setText('roadmap plan');
    expect(model.getState().retryIn).toBeNull();
    env.clock.advance(10_000);
    expect(model.submit()).toBe(true);
    expect(model.getState()).toMatchObject({ open: false, retryIn: null });
  });
});
