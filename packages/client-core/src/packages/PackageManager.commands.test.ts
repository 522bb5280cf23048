import type { AppCommand, Application } from '@atrium/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandRegistry } from '../commands/CommandRegistry.js';
import { entry, packageHarness, profileApp, recordingRuntime, type PackageHarness } from './testing/packageHarness.js';

let harness: PackageHarness;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  harness?.dispose();
  vi.restoreAllMocks();
});

const manifest = [entry('Records', { defaultAppforOrgs: 1 }), entry('Files', { defaultAppforOrgs: 1 })];
const leave = profileApp('LeaveRequests', { is_base_app: true, app_type: 3 });
const risks = profileApp('RiskRegister', { is_base_app: true, app_type: 3 });

/** A runtime opening the windows 'list' and 'form'. */
const twoWindows = () =>
  recordingRuntime((app) => {
    app.createWindow({ id: 'list', render: () => undefined });
    app.createWindow({ id: 'form', render: () => undefined });
  });

async function setup() {
  harness = packageHarness({ manifest, builtins: { Records: twoWindows(), Files: recordingRuntime() }, profileApps: [leave, risks] });
  await harness.manager.load();
  return harness;
}

/** A command recording the windows it ran on. */
function command(id: string, keybinding: string, ran: Array<[string, number]>, extra: Partial<AppCommand> = {}): AppCommand {
  return { id, label: (t) => t(`label.${id}`), keybinding, run: (window) => void ran.push([id, window.wid]), ...extra };
}

const press = (h: PackageHarness, key: string, modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) =>
  h.commands.handleKey({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...modifiers });

/** The names of the commands the palette offers now (those enabled, by their name), with keys shown as they are. */
const paletteNames = (commands: CommandRegistry) =>
  commands
    .commands()
    .filter((c) => c.palette !== false && commands.isEnabled(c.id))
    .map((c) => (c.name ? c.name((key) => key) : c.id));

const windowOf = (app: Application, id: string) => app.windows.find((w) => w.id === id)!;

describe('Desktop.registerCommands', () => {
  it("offers a window's commands, with their keys, only while that window is focused, and runs them on it", async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const ran: Array<[string, number]> = [];
    const form = windowOf(app, 'form');
    app.desktop.registerCommands([command('save', 'Ctrl+S', ran, { alternateKeybindings: ['Meta+S'] })], { window: form });
    expect(h.commands.keybindingOf('app.Records.save')).toBe('Ctrl+S');

    // The form is focused (opened last): Ctrl+S and Cmd+S save it, the palette and the guide offer it by its label.
    expect(paletteNames(h.commands)).toContain('label.save');
    expect(h.commands.bindings().map((b) => b.id)).toContain('app.Records.save');
    expect(press(h, 's', { ctrlKey: true })).toBe(true);
    expect(press(h, 's', { metaKey: true })).toBe(true);
    // A key at the place of S that names another character (another layout's) is not this command's.
    expect(h.commands.handleKey({ key: 'ß', code: 'KeyS', altKey: false, ctrlKey: true, metaKey: false, shiftKey: false })).toBe(false);
    expect(ran).toEqual([
      ['save', form.wid],
      ['save', form.wid],
    ]);

    // Another window of the same application, or of another one: nothing is offered and the keys are left to the browser.
    windowOf(app, 'list').focus();
    expect(press(h, 's', { ctrlKey: true })).toBe(false);
    expect(paletteNames(h.commands)).not.toContain('label.save');
    expect(h.commands.bindings().map((b) => b.id)).not.toContain('app.Records.save');
    const files = (await h.manager.launch('Files'))!;
    expect(h.windows.focused()?.wid).toBe(files.windows[0]!.wid);
    expect(press(h, 's', { ctrlKey: true })).toBe(false);
    form.focus();
    expect(press(h, 's', { ctrlKey: true })).toBe(true);
    expect(ran).toHaveLength(3);
  });

  it("offers an application's own commands in every one of its windows, each run on the focused one", async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const ran: Array<[string, number]> = [];
    app.desktop.registerCommands([command('refresh', 'Alt+R', ran)]);
    press(h, 'r', { altKey: true });
    windowOf(app, 'list').focus();
    press(h, 'r', { altKey: true });
    expect(ran).toEqual([
      ['refresh', windowOf(app, 'form').wid],
      ['refresh', windowOf(app, 'list').wid],
    ]);
  });

  it('leaves out a command while it says it cannot run, and its keys then do nothing', async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const ran: Array<[string, number]> = [];
    let previous = false;
    app.desktop.registerCommands([command('previous', 'Alt+PageUp', ran, { enabled: () => previous })], { window: windowOf(app, 'form') });
    expect(paletteNames(h.commands)).not.toContain('label.previous');
    expect(press(h, 'PageUp', { altKey: true })).toBe(false);
    previous = true;
    expect(paletteNames(h.commands)).toContain('label.previous');
    expect(press(h, 'PageUp', { altKey: true })).toBe(true);
    expect(ran).toHaveLength(1);
  });

  it('runs the command of the instance whose window is focused when two instances register the same id', async () => {
    const h = await setup();
    const first = (await h.manager.launch('LeaveRequests'))!;
    const second = (await h.manager.launch('RiskRegister'))!;
    expect(second).not.toBe(first);
    const ran: Array<[string, number]> = [];
    first.desktop.registerCommands([command('save', 'Ctrl+S', ran)], { window: windowOf(first, 'form') });
    second.desktop.registerCommands([command('save', 'Ctrl+S', ran)], { window: windowOf(second, 'form') });
    expect(h.commands.commands().filter((c) => c.id === 'app.Records.save')).toHaveLength(1);
    press(h, 's', { ctrlKey: true });
    windowOf(first, 'form').focus();
    press(h, 's', { ctrlKey: true });
    expect(ran).toEqual([
      ['save', windowOf(second, 'form').wid],
      ['save', windowOf(first, 'form').wid],
    ]);
  });

  it("takes a window's commands away when it closes, and all of an application's when it ends", async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const ran: Array<[string, number]> = [];
    app.desktop.registerCommands([command('save', 'Ctrl+S', ran)], { window: windowOf(app, 'form') });
    app.desktop.registerCommands([command('refresh', 'Alt+R', ran)]);
    windowOf(app, 'form').close();
    expect(h.commands.get('app.Records.save')).toBeUndefined();
    expect(h.commands.get('app.Records.refresh')).toBeDefined();
    app.destroy();
    expect(h.commands.get('app.Records.refresh')).toBeUndefined();
    expect(press(h, 'r', { altKey: true })).toBe(false);
    // An application that has ended registers nothing.
    app.desktop.registerCommands([command('late', 'Alt+L', ran)]);
    expect(h.commands.get('app.Records.late')).toBeUndefined();
  });

  it('takes commands away when the application removes them, and keeps them while another window still has them', async () => {
    const h = await setup();
    const first = (await h.manager.launch('LeaveRequests'))!;
    const second = (await h.manager.launch('RiskRegister'))!;
    const ran: Array<[string, number]> = [];
    const remove = first.desktop.registerCommands([command('save', 'Ctrl+S', ran)], { window: windowOf(first, 'form') });
    second.desktop.registerCommands([command('save', 'Ctrl+S', ran)], { window: windowOf(second, 'form') });
    remove();
    expect(h.commands.get('app.Records.save')).toBeDefined();
    windowOf(first, 'form').focus();
    expect(press(h, 's', { ctrlKey: true })).toBe(false);
    windowOf(second, 'form').close();
    expect(h.commands.get('app.Records.save')).toBeUndefined();
  });

  it("follows the user's own keybinding of an application's command", async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const ran: Array<[string, number]> = [];
    h.commands.setKeybindings({ 'app.Records.save': 'Alt+Shift+S' });
    app.desktop.registerCommands([command('save', 'Ctrl+S', ran, { alternateKeybindings: ['Meta+S'] })], { window: windowOf(app, 'form') });
    expect(h.commands.keybindingOf('app.Records.save')).toBe('Alt+Shift+S');
    expect(press(h, 's', { ctrlKey: true })).toBe(false);
    expect(press(h, 's', { metaKey: true })).toBe(false);
    expect(press(h, 'S', { altKey: true, shiftKey: true })).toBe(true);
  });

  it("does not register a window of another application's", async () => {
    const h = await setup();
    const app = (await h.manager.launch('LeaveRequests'))!;
    const files = (await h.manager.launch('Files'))!;
    app.desktop.registerCommands([command('save', 'Ctrl+S', [])], { window: files.windows[0]! });
    expect(h.commands.get('app.Records.save')).toBeUndefined();
  });
});
