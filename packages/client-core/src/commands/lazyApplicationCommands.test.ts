import type { AppWindow } from '@atrium/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationCommands, type CommandOwner } from './ApplicationCommands.js';
import { CommandRegistry } from './CommandRegistry.js';
import { lazyApplicationCommands } from './lazyApplicationCommands.js';

const window = { wid: 7 } as AppWindow;
const owner: CommandOwner = { name: 'Records', windows: [window], destroyed: false, on: () => () => undefined };
const windows = { focused: () => undefined, onDidCloseWindow: () => () => undefined };
const save = { id: 'save', label: 'Save record', keybinding: 'Ctrl+S', run: () => undefined };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A load of ApplicationCommands that the test lets arrive (or fail) when it wants. */
function heldLoad() {
  const loads: Array<{ arrive(): Promise<void>; fail(): Promise<void> }> = [];
  const load = () =>
    new Promise<{ ApplicationCommands: typeof ApplicationCommands }>((resolve, reject) => {
      const settle = async (run: () => void) => {
        run();
        // Lets the registrations waiting on it run.
        for (let i = 0; i < 5; i++) await Promise.resolve();
      };
      loads.push({ arrive: () => settle(() => resolve({ ApplicationCommands })), fail: () => settle(() => reject(new Error('offline'))) });
    });
  return { load, loads };
}

describe('lazyApplicationCommands', () => {
  it('fetches the code with the first registration, once, and the commands registered meanwhile join the registry when it arrives', async () => {
    const registry = new CommandRegistry();
    const { load, loads } = heldLoad();
    const commands = lazyApplicationCommands(registry, windows, load);
    commands.register(owner, [save], window);
    commands.register(owner, [{ ...save, id: 'new', keybinding: 'Alt+N' }], null);
    expect(loads).toHaveLength(1);
    expect(registry.commands()).toEqual([]);
    await loads[0]!.arrive();
    expect(registry.commands().map((c) => c.id)).toEqual(['app.Records.save', 'app.Records.new']);
  });

  it('keeps out the commands removed before the code arrived, and removes those registered after', async () => {
    const registry = new CommandRegistry();
    const { load, loads } = heldLoad();
    const commands = lazyApplicationCommands(registry, windows, load);
    commands.register(owner, [save], window)();
    await loads[0]!.arrive();
    expect(registry.get('app.Records.save')).toBeUndefined();
    const remove = commands.register(owner, [save], window);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(registry.get('app.Records.save')).toBeDefined();
    remove();
    expect(registry.get('app.Records.save')).toBeUndefined();
  });

  it('drops the registrations of a fetch that failed, and tries again with the next one', async () => {
    const registry = new CommandRegistry();
    const { load, loads } = heldLoad();
    const commands = lazyApplicationCommands(registry, windows, load);
    commands.register(owner, [save], window);
    await loads[0]!.fail();
    expect(registry.commands()).toEqual([]);
    commands.register(owner, [save], window);
    expect(loads).toHaveLength(2);
    await loads[1]!.arrive();
    expect(registry.get('app.Records.save')).toBeDefined();
  });
});
