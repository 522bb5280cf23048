import type { TrayEntry as SdkTrayEntry } from '@atrium/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entry, packageHarness, recordingRuntime, type PackageHarness } from '../packages/testing/packageHarness.js';
import { formatBadge, TrayModel } from './TrayModel.js';

const AT = { x: 10, y: 20, keyboard: false };

describe('TrayModel', () => {
  it('lists the icons in the order they were placed, with title, icon and badge', () => {
    const tray = new TrayModel();
    tray.create({ icon: 'mail', title: 'Mail', badge: 3 });
    tray.create({ title: 'Chat' });
    expect(tray.getState().entries).toEqual([
      { id: 1, icon: 'mail', title: 'Mail', badge: 3, owner: null },
      { id: 2, icon: null, title: 'Chat', badge: null, owner: null },
    ]);
  });

  it('changes only what an update names, and takes an icon away on destroy', () => {
    const tray = new TrayModel();
    const mail = tray.create({ icon: 'mail', title: 'Mail', badge: 3 });
    mail.update({ badge: 120 });
    expect(tray.getState().entries[0]).toMatchObject({ icon: 'mail', title: 'Mail', badge: 120 });
    mail.update({ title: 'Inbox', badge: null });
    expect(tray.getState().entries[0]).toMatchObject({ title: 'Inbox', badge: null });
    mail.destroy();
    expect(tray.getState().entries).toEqual([]);
    // A gone icon cannot come back through its old handle.
    mail.update({ title: 'Again' });
    mail.destroy();
    expect(tray.getState().entries).toEqual([]);
  });

  it('keeps the same state when an update changes nothing the views show', () => {
    const tray = new TrayModel();
    const mail = tray.create({ title: 'Mail', badge: 2 });
    const before = tray.getState();
    mail.update({ badge: 2 });
    expect(tray.getState()).toBe(before);
  });

  it('runs the click and context-click handlers with where it happened, and the latest ones after an update', () => {
    const tray = new TrayModel();
    const onClick = vi.fn();
    const onContextMenu = vi.fn();
    const mail = tray.create({ title: 'Mail', onClick, onContextMenu });
    tray.click(mail.id, AT);
    tray.contextMenu(mail.id, { x: 1, y: 2, keyboard: true });
    expect(onClick).toHaveBeenCalledWith(AT);
    expect(onContextMenu).toHaveBeenCalledWith({ x: 1, y: 2, keyboard: true });
    const later = vi.fn();
    mail.update({ onClick: later });
    tray.click(mail.id, AT);
    expect(later).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('logs a handler that throws and keeps working', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tray = new TrayModel();
    const broken = tray.create({
      title: 'Broken',
      onClick: () => {
        throw new Error('boom');
      },
    });
    const fine = vi.fn();
    const other = tray.create({ title: 'Fine', onClick: fine });
    expect(() => tray.click(broken.id, AT)).not.toThrow();
    tray.click(other.id, AT);
    expect(error).toHaveBeenCalledTimes(1);
    expect(fine).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it("takes away every icon of an application that ended, and only those", () => {
    const tray = new TrayModel();
    tray.create({ title: 'Mail' }, 7);
    tray.create({ title: 'Desktop' });
    tray.create({ title: 'Mail 2' }, 7);
    tray.create({ title: 'Chat' }, 8);
    tray.removeOwner(7);
    expect(tray.getState().entries.map((e) => e.title)).toEqual(['Desktop', 'Chat']);
  });

  it('empties and places nothing once disposed', () => {
    const tray = new TrayModel();
    tray.create({ title: 'Mail' });
    tray.dispose();
    expect(tray.getState().entries).toEqual([]);
    tray.create({ title: 'Late' });
    expect(tray.getState().entries).toEqual([]);
  });
});

describe('formatBadge', () => {
  it('shows whole counts up to 99 and 99+ above', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(4.7)).toBe('4');
  });

  it('shows no badge for none, zero, negatives and non-numbers', () => {
    expect(formatBadge(null)).toBeNull();
    expect(formatBadge(undefined)).toBeNull();
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
  });
});

describe("an application's tray icons (desktop.tray of the SDK)", () => {
  let harness: PackageHarness;
  afterEach(() => harness?.dispose());

  async function launchMail(onLaunch: (icon: SdkTrayEntry) => void = () => undefined) {
    const tray = new TrayModel();
    const runtime = recordingRuntime((app) => {
      app.createWindow({ id: 'main', render: () => undefined });
      onLaunch(app.desktop.tray.create({ icon: 'mail', title: 'Mail', badge: 5 }));
    });
    harness = packageHarness({ manifest: [entry('Mail', { defaultAppforOrgs: 1 }), entry('Chat', { defaultAppforOrgs: 1 })], builtins: { Mail: runtime, Chat: recordingRuntime() } });
    harness.hooks.tray = tray;
    await harness.manager.load();
    const app = (await harness.manager.launch('Mail'))!;
    return { tray, app, runtime };
  }

  it('places them in the panel tray in the name of the application', async () => {
    const { tray, app } = await launchMail();
    expect(tray.getState().entries).toEqual([{ id: 1, icon: 'mail', title: 'Mail', badge: 5, owner: app.pid }]);
  });

  it('takes them away when the application ends, while other applications keep theirs', async () => {
    const { tray, app } = await launchMail();
    const chat = (await harness.manager.launch('Chat'))!;
    chat.desktop.tray.create({ title: 'Chat' });
    app.destroy();
    expect(tray.getState().entries.map((e) => e.title)).toEqual(['Chat']);
  });

  it('takes them away when the user closes the last window of the application', async () => {
    const { tray, app } = await launchMail();
    harness.windows.close(app.windows[0]!.wid);
    expect(tray.getState().entries).toEqual([]);
  });

  it('places none for an application that has ended', async () => {
    const { tray, app } = await launchMail();
    const desktop = app.desktop;
    app.destroy();
    const late = desktop.tray.create({ title: 'Late' });
    late.update({ badge: 1 });
    late.destroy();
    expect(tray.getState().entries).toEqual([]);
  });

  it('lets the application update its icon through the handle', async () => {
    let icon: SdkTrayEntry | null = null;
    const { tray } = await launchMail((created) => (icon = created));
    icon!.update({ badge: 150 });
    expect(tray.getState().entries[0]?.badge).toBe(150);
    expect(formatBadge(tray.getState().entries[0]?.badge)).toBe('99+');
  });
});
