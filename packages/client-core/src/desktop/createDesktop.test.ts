import { isAbortError, type Application } from '@atrium/sdk';
import { DEFAULT_SETTINGS, type IconsModule, type Locale, type SoundsModule, type ThemeModule } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entry, FakePackageLoader, recordingRuntime } from '../packages/testing/packageHarness.js';
import { SoundPlayer } from '../sounds/SoundPlayer.js';
import { hang, jsonResponse, type FakeEnvironment } from '../testing/FakeEnvironment.js';
import { startSignedIn, testConfig } from '../testing/fixtures.js';
import { translateEnglish } from '../testing/translate.js';
import { createDesktop, type Desktop } from './createDesktop.js';

const vision: ThemeModule = { type: 'theme', colorScheme: 'light', variables: {} };
const lumen: IconsModule = { type: 'icons', icons: {} };
const chime: SoundsModule = { type: 'sounds', sounds: { bell: [], message: [] } };
const runtimes: Desktop[] = [];

afterEach(() => {
  runtimes.splice(0).forEach((r) => r.dispose());
  vi.restoreAllMocks();
});

async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A signed-in desktop over the fake server: settings, manifest (Vision, Chat), ping. */
async function setup(options: { stored?: Record<string, unknown>; manifestUrl?: string | null; savedSession?: unknown[]; chosen?: Locale; germanTexts?: Record<string, string> } = {}) {
  const { env, session, server } = await startSignedIn();
  let stored: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...options.stored };
  env.route('GET', '/api/v1/settings', () => jsonResponse(200, { status: 'success', data: { values: stored, locked: [] } }));
  env.route('POST', '/api/v1/settings', (r) => {
    stored = { ...stored, ...(r.json() as object) };
    return jsonResponse(200, { status: 'success', data: { values: stored, locked: [] } });
  });
  env.route('GET', '/api/v1/packages/manifest', () => jsonResponse(200, { status: 'success', data: [entry('Vision', { type: 'theme' }), entry('Lumen', { type: 'icons' }), entry('Chime', { type: 'sounds' }), entry('Chat', { defaultAppforOrgs: 1 }), entry('Mail', { defaultAppforOrgs: 1 })] }));
  env.route('GET', '/ping', () => jsonResponse(200, { status: 'success', data: {} }));
  let savedSession: unknown[] = options.savedSession ?? [];
  env.route('GET', '/api/v1/user/me/getsession', () => jsonResponse(200, { status: 'success', data: savedSession }));
  env.route('POST', '/api/v1/user/me/updatesession', (r) => {
    savedSession = (r.json() as { data: unknown[] }).data;
    return jsonResponse(200, { status: 'success', message: 'Updated' });
  });
  env.route('GET', '/api/v1/user/me/hasLoggedIn', () => jsonResponse(200, { status: 'success', data: { has_logged_in: 1, verification_pending: null } }));
  env.route('PUT', /^\/api\/v1\/user\/[^/]+$/, () => jsonResponse(200, { status: 'success', message: 'Updated' }));
  // The home widget's answer: no block (docs/behaviour/desktop.md#home-widget).
  env.route('GET', /^\/api\/v1\/profile\/user\/[^/]+$/, () => jsonResponse(200, { status: 'success', data: { type: 'html', html: '', dashboard_uuid: null } }));
  // A language chosen on the login page is the page's language already when the desktop starts.
  let locale: string = options.chosen ?? 'en_EN';
  const setLocale = vi.fn(async (next: Locale) => {
    locale = next;
  });
  const chat = recordingRuntime();
  const mail = recordingRuntime();
  const runtime = createDesktop(
    {
    env,
    session,
    config: { ...testConfig, manifestUrl: options.manifestUrl === undefined ? testConfig.manifestUrl : options.manifestUrl, sessionMaxAge: 60 },
    sounds: new SoundPlayer(null),
    translate: (key, vars) => (locale === 'de_DE' ? options.germanTexts?.[key] : undefined) ?? translateEnglish(key, vars),
    locale: () => locale,
    setLocale,
    chosenLocale: () => options.chosen ?? null,
    builtins: { Vision: async () => ({ default: vision }), Lumen: async () => ({ default: lumen }), Chime: async () => ({ default: chime }), Chat: async () => ({ default: chat }), Mail: async () => ({ default: mail }) },
    loader: new FakePackageLoader(),
    },
    { viewport: { width: 1280, height: 800 } },
  );
  const windows = runtime.windows;
  runtimes.push(runtime);
  return { env, session, server, runtime, windows, setLocale, chat, mail, sockets: (env as FakeEnvironment).socketServer };
}

describe('createDesktop start', () => {
  it('asks for the saved session while the settings and packages are on the way', async () => {
    const { env, runtime } = await setup();
    let answerSettings!: () => void;
    const settingsHeld = new Promise<void>((resolve) => (answerSettings = resolve));
    env.route('GET', '/api/v1/settings', async () => {
      await settingsHeld;
      return jsonResponse(200, { status: 'success', data: { values: DEFAULT_SETTINGS, locked: [] } });
    });
    const started = runtime.start();
    await microtasks();
    const asked = env.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked).toEqual(expect.arrayContaining(['GET /api/v1/settings', 'GET /api/v1/packages/manifest', 'GET /api/v1/user/me/getsession']));
    answerSettings();
    await started;
    expect(env.requests.filter((r) => r.path === '/api/v1/user/me/getsession')).toHaveLength(1);
  });

  it('loads settings and packages, applies the locale of the settings, connects the socket, pings and follows the theme', async () => {
    const { env, runtime, setLocale, sockets } = await setup({ stored: { locale: 'de_DE' } });
    await runtime.start();
    await env.clock.settle();
    expect(runtime.settings.getState().loaded).toBe(true);
    expect(runtime.packages.getState().metadata.map((m) => m.name)).toEqual(['Vision', 'Lumen', 'Chime', 'Chat', 'Mail']);
    expect(setLocale).toHaveBeenCalledWith('de_DE');
    expect(sockets.connected('/socket')).toHaveLength(1);
    expect(sockets.last!.url).toBe('wss://atrium.example/socket');
    expect(runtime.socket?.status).toBe('open');
    expect(runtime.appearance.getState()).toMatchObject({ theme: vision, icons: lumen });
    await env.clock.settle(30_000);
    expect(env.calls('GET', '/ping')).toHaveLength(1);
  });

  it('keeps a language chosen on the login page before signing in over the saved one, and saves it', async () => {
    const { env, runtime, setLocale } = await setup({ stored: { locale: 'en_EN' }, chosen: 'de_DE' });
    await runtime.start();
    await env.clock.settle(1_000);
    expect(setLocale).not.toHaveBeenCalled();
    expect(runtime.settings.get('locale')).toBe('de_DE');
    const saved = env.calls('POST', '/api/v1/settings').map((call) => call.json() as Record<string, unknown>);
    expect(saved).toContainEqual(expect.objectContaining({ locale: 'de_DE' }));
  });

  it("follows a change of the 'locale' setting made elsewhere, and only changes of that key", async () => {
    const { env, runtime, setLocale, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    expect(setLocale).not.toHaveBeenCalled();
    env.route('GET', '/api/v1/settings', () => jsonResponse(200, { status: 'success', data: { values: { ...DEFAULT_SETTINGS, locale: 'nb_NO' }, locked: [] } }));
    sockets.broadcast('atrium/settings:changed', { keys: ['locale'] });
    await env.clock.settle();
    expect(setLocale).toHaveBeenCalledWith('nb_NO');
    setLocale.mockClear();
    await setLocale('vi_VN');
    setLocale.mockClear();
    runtime.settings.set('desktop.font', 'Roboto');
    await env.clock.settle(100);
    expect(setLocale).not.toHaveBeenCalled();
  });

  it('has no packages without a manifest address (the look stays the built-in one)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, runtime } = await setup({ manifestUrl: null });
    await runtime.start();
    await env.clock.settle();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(runtime.appearance.getState().theme).toBeNull();
    expect(runtime.packages.getState()).toMatchObject({ loaded: true, metadata: [] });
    expect(env.calls('GET', '/api/v1/packages/manifest')).toEqual([]);
  });
});

describe('createDesktop connection', () => {
  it("notifies 'Connection Lost' and 'Connection Restored' and is offline meanwhile", async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await microtasks();
    sockets.goDown();
    expect(runtime.connection.getState()).toEqual({ online: false });
    sockets.comeBack();
    await env.clock.settle(1000);
    expect(runtime.connection.getState()).toEqual({ online: true });
    expect(runtime.notifications.getState().items.map((t) => t.title)).toEqual(['Connection Lost', 'Connection Restored']);
  });

  it('reads the settings again once the connection is back: a change made meanwhile, on any server, was not heard of', async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await microtasks();
    const before = env.calls('GET', '/api/v1/settings').length;
    sockets.goDown();
    sockets.comeBack();
    await env.clock.settle(1000);
    expect(env.calls('GET', '/api/v1/settings')).toHaveLength(before + 1);
  });

  it('reads the profile and the manifest again once the connection is back: the application menu shows an application granted meanwhile', async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    const profiles = env.calls('GET', '/api/v1/user/me/a+p+acc+ap+t').length;
    expect(runtime.appMenu.getState().entries.map((e) => e.name)).not.toContain('Audits');
    sockets.goDown();
    env.route('GET', '/api/v1/packages/manifest', () => jsonResponse(200, { status: 'success', data: [entry('Vision', { type: 'theme' }), entry('Chat', { defaultAppforOrgs: 1 }), entry('Audits', { defaultAppforOrgs: 1 })] }));
    sockets.comeBack();
    await env.clock.settle(1000);
    expect(env.calls('GET', '/api/v1/user/me/a+p+acc+ap+t')).toHaveLength(profiles + 1);
    expect(runtime.appMenu.getState().entries.map((e) => e.name)).toContain('Audits');
  });

  it("fetches again what it may have missed when its server says so (atrium/resync), telling the user nothing", async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    const settings = env.calls('GET', '/api/v1/settings').length;
    const manifests = env.calls('GET', '/api/v1/packages/manifest').length;
    const badges = env.calls('GET', '/api/v1/user/getusernotifications').length;
    sockets.broadcast('atrium/resync', {});
    await env.clock.settle(1000);
    expect(env.calls('GET', '/api/v1/settings')).toHaveLength(settings + 1);
    expect(env.calls('GET', '/api/v1/packages/manifest')).toHaveLength(manifests + 1);
    expect(env.calls('GET', '/api/v1/user/getusernotifications').length).toBeGreaterThan(badges);
    expect(runtime.connection.getState()).toEqual({ online: true });
    expect(runtime.notifications.getState().items).toEqual([]);
  });

  it('keeps the packages it knows when the manifest cannot be read again once the connection is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    const known = runtime.packages.getState().metadata.map((m) => m.name);
    sockets.goDown();
    env.route('GET', '/api/v1/packages/manifest', () => jsonResponse(500, { status: 'error', message: 'Internal error' }));
    sockets.comeBack();
    await env.clock.settle(1000);
    expect(env.calls('GET', '/api/v1/packages/manifest')).toHaveLength(2);
    expect(runtime.packages.getState().metadata.map((m) => m.name)).toEqual(known);
    expect(warn).toHaveBeenCalledWith('The package manifest could not be loaded.', expect.anything());
  });

  it("notifies 'Connection Failed' when the first connection fails", async () => {
    const { runtime, sockets } = await setup();
    sockets.up = false;
    await runtime.start();
    await microtasks();
    expect(runtime.connection.getState()).toEqual({ online: false });
    expect(runtime.notifications.getState().items.map((t) => t.title)).toEqual(['Connection Failed']);
  });
});

describe('createDesktop socket messages', () => {
  it('reloads the settings on atrium/settings:changed', async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await microtasks();
    const before = env.calls('GET', '/api/v1/settings').length;
    sockets.broadcast('atrium/settings:changed', { keys: ['desktop.font'] });
    await env.clock.settle();
    expect(env.calls('GET', '/api/v1/settings')).toHaveLength(before + 1);
  });

  it("hands app messages to the running apps of that name as 'socket:message'", async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat')) as Application;
    const got: unknown[] = [];
    app.on('socket:message', (args) => got.push(args));
    sockets.broadcast('osjs/application:socket:message', { pid: 99, name: 'Chat', args: { text: 'hi' } });
    sockets.broadcast('osjs/application:socket:message', { pid: 99, name: 'Other', args: {} });
    sockets.broadcast('osjs/application:socket:message', { nonsense: true });
    expect(got).toEqual([{ text: 'hi' }]);
  });
});

describe('createDesktop hooks', () => {
  it('opens app sockets at the per-app path', async () => {
    const { env, runtime, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    app.socket();
    await microtasks();
    expect(sockets.connected('/apps/Chat/socket')).toHaveLength(1);
  });

  it("puts an application's commands in the desktop's registry (their code fetched then), run by their keys while its window is focused", async () => {
    const { env, runtime } = await setup();
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    const ran: number[] = [];
    app.desktop.registerCommands([{ id: 'send', label: 'Send', keybinding: 'Ctrl+Enter', run: (window) => void ran.push(window.wid) }], { window: app.windows[0]! });
    await vi.waitFor(() => expect(runtime.commands.get('app.Chat.send')).toBeDefined());
    expect(runtime.commands.handleKey({ key: 'Enter', altKey: false, ctrlKey: true, metaKey: false, shiftKey: false })).toBe(true);
    expect(ran).toEqual([app.windows[0]!.wid]);
    app.destroy();
    expect(runtime.commands.get('app.Chat.send')).toBeUndefined();
  });

  it("Desktop.setLocale keeps the locale in the 'locale' setting; setUserPreference updates the profile", async () => {
    const { env, runtime, setLocale, session } = await setup();
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    await app.desktop.setLocale('fr_FR');
    expect(setLocale).toHaveBeenCalledWith('fr_FR');
    expect(runtime.settings.get('locale')).toBe('fr_FR');
    await app.desktop.setUserPreference('Greetingmessage', 'false');
    const put = env.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.path).toBe(`/api/v1/user/${(session.getState() as { profile: { id: string } }).profile.id}`);
    expect(put.json()).toEqual({ preferences: { Greetingmessage: 'false' } });
  });

  it("shows every window's title in the language switched to: the application's, and a dialog's", async () => {
    const { env, runtime } = await setup({ germanTexts: { 'packages.launchError.title': 'Startfehler' } });
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    const alert = runtime.dialogs.alert('Something failed', { title: (t) => t('packages.launchError.title') });
    const titles = () => runtime.windows.windows().map((w) => w.title);
    expect(titles()).toEqual(['Chat App', 'Launch Error']);
    expect(runtime.appMenu.getState().entries.find((e) => e.name === 'Chat')?.title).toBe('Chat App');
    await app.desktop.setLocale('de_DE');
    expect(titles()).toEqual(['Chat Anwendung', 'Startfehler']);
    // The application menu (and the palette and work items that read it) follows too.
    expect(runtime.appMenu.getState().entries.find((e) => e.name === 'Chat')?.title).toBe('Chat Anwendung');
    await app.desktop.setLocale('en_EN');
    expect(titles()).toEqual(['Chat App', 'Launch Error']);
    alert.destroy();
  });

  it('opens the profile card and makes signed requests', async () => {
    const { env, runtime } = await setup();
    env.route('GET', '/api/v1/things', (r) => jsonResponse(200, { status: 'success', data: r.query.get('q') }));
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    expect(await app.desktop.request('get', 'things', { q: 'x' })).toEqual({ status: 'success', data: 'x' });
    app.desktop.showProfileCard('u-2', { x: 1, y: 2 });
    expect(runtime.profileCard.getState()).toMatchObject({ open: true, userId: 'u-2' });
  });

  it("aborts an application's request when its signal is aborted: the call rejects with an AbortError and the exchange ends", async () => {
    const { env, runtime } = await setup();
    env.route('POST', '/api/v1/slow', hang);
    env.route('POST', '/api/v1/fast', () => jsonResponse(200, { status: 'success', data: 1 }));
    await runtime.start();
    await env.clock.settle();
    const app = (await runtime.packages.launch('Chat'))!;
    const stop = new AbortController();
    const slow = app.desktop.request('post', 'slow', { a: 1 }, { signal: stop.signal });
    await env.clock.settle();
    expect(env.calls('POST', '/api/v1/slow')[0]!.signal?.aborted).toBe(false);
    stop.abort();
    const error = await slow.then(() => null, (e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(env.calls('POST', '/api/v1/slow')[0]!.signal?.aborted).toBe(true);
    // Already aborted: not sent at all. Without options, as before.
    await expect(app.desktop.request('post', 'fast', {}, { signal: stop.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(env.calls('POST', '/api/v1/fast')).toHaveLength(0);
    expect(await app.desktop.request('post', 'fast', {})).toEqual({ status: 'success', data: 1 });
    expect(isAbortError(new Error('Network request failed'))).toBe(false);
  });
});

describe('createDesktop dispose', () => {
  it('ends the apps, closes the socket and stops every timer', async () => {
    const { env, runtime, windows, sockets } = await setup();
    await runtime.start();
    await env.clock.settle();
    await runtime.packages.launch('Chat');
    runtime.dispose();
    await microtasks();
    expect(windows.windows()).toEqual([]);
    expect(sockets.connected()).toEqual([]);
    expect(env.clock.pending).toBe(0);
  });
});

describe('createDesktop session restore and save', () => {
  const saved = [
    { name: 'Chat', args: {}, windows: [{ id: 'main', maximized: false, minimized: true, position: { left: 40, top: 60 }, dimension: { width: 500, height: 300 } }] },
    { name: 'Hidden', args: {}, windows: [] },
  ];

  it('launches the saved applications again with their windows where they were, leaving out blacklisted and unknown ones', async () => {
    const { env, runtime, windows, server, chat } = await setup({ savedSession: saved });
    server.profile = { ...server.profile, blackListedApps: { Hidden: true } };
    await runtime.start();
    await env.clock.settle();
    expect(chat.launched).toHaveLength(1);
    const [record] = windows.windows();
    expect(record).toMatchObject({ id: 'main', position: { left: 40, top: 60 }, dimension: { width: 500, height: 300 }, state: { minimized: true } });
  });

  it('drops the application the page address launches from the restored session', async () => {
    const { env, runtime, chat } = await setup({ savedSession: saved });
    await runtime.start({ launch: { app: 'Chat', options: {} } });
    await env.clock.settle();
    expect(chat.launched).toHaveLength(1);
  });

  it('puts the application the page address launches in front of the restored windows', async () => {
    const { env, runtime, windows, mail } = await setup({ savedSession: [{ ...saved[0]!, windows: [{ ...saved[0]!.windows[0]!, minimized: false }] }] });
    await runtime.start({ launch: { app: 'Mail', options: {} } });
    await env.clock.settle();
    expect(mail.launched).toHaveLength(1);
    expect(windows.windows().map((w) => w.appId).sort()).toEqual(['Chat', 'Mail']);
    expect(windows.windows().find((w) => w.state.focused)?.appId).toBe('Mail');
  });

  it('saves the open applications and their windows a second after a change, with empty args, and not again when nothing changed', async () => {
    const { env, runtime, windows } = await setup();
    await runtime.start();
    await env.clock.settle();
    await runtime.packages.launch({ app: 'Chat', args: { secret: 'x' } });
    const [record] = windows.windows();
    windows.move(record!.wid, { left: 210, top: 120 });
    await env.clock.settle(999);
    expect(env.calls('POST', '/api/v1/user/me/updatesession')).toHaveLength(0);
    await env.clock.settle(1);
    const posts = env.calls('POST', '/api/v1/user/me/updatesession');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.json()).toEqual({
      data: [{ name: 'Chat', args: {}, windows: [{ id: 'main', maximized: false, minimized: false, position: { left: 210, top: 120 }, dimension: expect.any(Object) }] }],
    });
    windows.focus(record!.wid);
    await env.clock.settle(2000);
    expect(env.calls('POST', '/api/v1/user/me/updatesession')).toHaveLength(1);
  });

  it('flush() sends a waiting change at once, as the page is hidden', async () => {
    const { env, runtime } = await setup();
    await runtime.start();
    await env.clock.settle();
    await runtime.packages.launch('Chat');
    runtime.flush();
    await microtasks();
    expect(env.calls('POST', '/api/v1/user/me/updatesession')).toHaveLength(1);
  });
});

describe('createDesktop after sign-in', () => {
  it('greets only when asked (a sign-in with the form), in the language the desktop settles on', async () => {
    const { env, runtime } = await setup();
    await runtime.start({ greet: { name: 'Ada', preferences: {} } });
    await env.clock.settle();
    expect(runtime.notifications.getState().items.map((t) => t.titleKey?.key)).toEqual([expect.stringMatching(/^greeting\./)]);
    const second = await setup();
    await second.runtime.start();
    await second.env.clock.settle();
    expect(second.runtime.notifications.getState().items).toEqual([]);
  });

  it("binds the user's keybindings from the settings in place of the defaults", async () => {
    const { env, runtime } = await setup({ stored: { 'desktop.keybindings': { 'desktop.appMenu': 'Alt+M' } } });
    await runtime.start();
    await env.clock.settle();
    expect(runtime.commands.keybindingOf('desktop.appMenu')).toBe('Alt+M');
    expect(runtime.commands.keybindingOf('window.close')).toBe('Alt+Shift+W');
  });

  it('opens the privacy policy of the active account for a user who has not accepted it yet', async () => {
    const { env, runtime, server, session } = await setup();
    server.profile = { ...server.profile, active_account: { ...server.profile.active_account, preferences: { ...server.profile.active_account.preferences, privacyPolicy: '<p>Policy</p>' } } };
    await session.updateProfile();
    env.route('GET', '/api/v1/user/me/hasLoggedIn', () => jsonResponse(200, { status: 'success', data: { has_logged_in: 0, verification_pending: null } }));
    await runtime.start();
    await env.clock.settle();
    expect(runtime.privacyPolicy.getState()).toMatchObject({ status: 'open', policy: '<p>Policy</p>' });
  });
});
