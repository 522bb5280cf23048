import { describe, expect, it, vi } from 'vitest';
import { CommandRegistry } from './CommandRegistry.js';
import { parseKeybinding } from './keybinding.js';

const key = (k: string, mods: Partial<{ alt: boolean; shift: boolean; ctrl: boolean; meta: boolean }> = {}, code?: string) => ({
  key: k,
  code,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
});

function registryWith(keybinding: string, when?: () => boolean) {
  const registry = new CommandRegistry();
  const run = vi.fn();
  registry.register({ id: 'test', labelKey: 'command.test', keybinding, enabled: when, run });
  return { registry, run };
}

describe('parseKeybinding', () => {
  it('reads modifiers in any order and case', () => {
    expect(parseKeybinding('shift+ALT+w')).toEqual({ key: 'w', alt: true, shift: true, ctrl: false, meta: false });
    expect(parseKeybinding('Control+Cmd+ArrowUp')).toEqual({ key: 'arrowup', alt: false, shift: false, ctrl: true, meta: true });
    expect(parseKeybinding('Ctrl++').key).toBe('+');
    expect(parseKeybinding('Alt+Space').key).toBe('space');
  });

  it('rejects unknown modifiers and missing keys', () => {
    expect(() => parseKeybinding('Hyper+W')).toThrow("Unknown modifier 'Hyper'");
    expect(() => parseKeybinding('Alt+')).toThrow('names no key');
  });
});

describe('CommandRegistry.handleKey', () => {
  it('runs the command bound to the pressed keys and reports it', () => {
    const { registry, run } = registryWith('Alt+Shift+W');
    expect(registry.handleKey(key('W', { alt: true, shift: true }, 'KeyW'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('ignores modifier order in the binding and letter case in the key', () => {
    const { registry, run } = registryWith('Shift+Alt+w');
    expect(registry.handleKey(key('W', { alt: true, shift: true }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('needs exactly the bound modifiers', () => {
    const { registry, run } = registryWith('Alt+Shift+W');
    expect(registry.handleKey(key('w', { alt: true }))).toBe(false);
    expect(registry.handleKey(key('W', { alt: true, shift: true, ctrl: true }))).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it('matches named keys: arrows, Space and function keys', () => {
    const arrows = registryWith('Alt+Shift+ArrowUp');
    expect(arrows.registry.handleKey(key('ArrowUp', { alt: true, shift: true }, 'ArrowUp'))).toBe(true);
    const space = registryWith('Alt+Space');
    expect(space.registry.handleKey(key(' ', { alt: true }, 'Space'))).toBe(true);
    const f7 = registryWith('Alt+Shift+F7');
    expect(f7.registry.handleKey(key('F7', { alt: true, shift: true }, 'F7'))).toBe(true);
  });

  it('falls back to the Backquote code when Alt or Shift change the key', () => {
    const plain = registryWith('Alt+`');
    expect(plain.registry.handleKey(key('Dead', { alt: true }, 'Backquote'))).toBe(true);
    const shifted = registryWith('Alt+Shift+`');
    expect(shifted.registry.handleKey(key('~', { alt: true, shift: true }, 'Backquote'))).toBe(true);
    expect(shifted.run).toHaveBeenCalledTimes(1);
  });

  it('prefers a binding matched by key over one matched by code', () => {
    const registry = new CommandRegistry();
    const byKey = vi.fn();
    const byCode = vi.fn();
    registry.register({ id: 'z', labelKey: 'z', keybinding: 'Alt+Z', run: byKey });
    registry.register({ id: 'w', labelKey: 'w', keybinding: 'Alt+W', run: byCode });
    // A layout whose physical W key types 'z'.
    expect(registry.handleKey(key('z', { alt: true }, 'KeyW'))).toBe(true);
    expect(byKey).toHaveBeenCalledTimes(1);
    expect(byCode).not.toHaveBeenCalled();
  });

  it('skips a command whose when is false', () => {
    let enabled = false;
    const { registry, run } = registryWith('Alt+Shift+M', () => enabled);
    expect(registry.handleKey(key('M', { alt: true, shift: true }))).toBe(false);
    enabled = true;
    expect(registry.handleKey(key('M', { alt: true, shift: true }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs a command by its other default keys too, shows only the first, and lets a user binding replace them all', () => {
    const registry = new CommandRegistry();
    const run = vi.fn();
    registry.register({ id: 'save', labelKey: 'command.save', keybinding: 'Ctrl+S', alternateKeybindings: ['Meta+S'], run });
    expect(registry.handleKey(key('s', { meta: true }))).toBe(true);
    expect(registry.handleKey(key('s', { ctrl: true }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(2);
    expect(registry.keybindingOf('save')).toBe('Ctrl+S');
    expect(registry.bindings()).toEqual([{ id: 'save', labelKey: 'command.save', keybinding: 'Ctrl+S' }]);
    registry.setKeybindings({ save: 'Alt+S' });
    expect(registry.handleKey(key('s', { meta: true }))).toBe(false);
    expect(registry.handleKey(key('s', { alt: true }))).toBe(true);
    registry.setKeybindings({});
    expect(registry.handleKey(key('s', { meta: true }))).toBe(true);
  });

  it('returns false for keys nothing is bound to', () => {
    const { registry } = registryWith('Alt+Shift+W');
    expect(registry.handleKey(key('a'))).toBe(false);
  });
});

describe('CommandRegistry registration', () => {
  it('lists, runs by id and unregisters commands', () => {
    const { registry, run } = registryWith('Alt+A');
    const list = registry.commands();
    expect(list.map((c) => c.id)).toEqual(['test']);
    expect(registry.commands()).toBe(list);
    expect(registry.run('test')).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(registry.run('missing')).toBe(false);
  });

  it('refuses a duplicate id and forgets a command once unregistered', () => {
    const registry = new CommandRegistry();
    const unregister = registry.register({ id: 'x', labelKey: 'x', keybinding: 'Alt+X', run: () => {} });
    expect(() => registry.register({ id: 'x', labelKey: 'x', run: () => {} })).toThrow("Command 'x' is already registered");
    unregister();
    unregister();
    expect(registry.commands()).toEqual([]);
    expect(registry.handleKey(key('x', { alt: true }))).toBe(false);
  });

  it('lists in the guide only the bindings of commands visible now, by their own name when they have one', () => {
    const registry = new CommandRegistry();
    let shown = false;
    const name = () => 'Save record';
    registry.register({ id: 'app.Records.save', labelKey: 'app.Records.save', keybinding: 'Ctrl+S', visible: () => shown, name, run: () => {} });
    expect(registry.bindings()).toEqual([]);
    shown = true;
    expect(registry.bindings()).toEqual([{ id: 'app.Records.save', labelKey: 'command.app.Records.save', keybinding: 'Ctrl+S', name }]);
  });

  it('reports whether a command is enabled', () => {
    const { registry } = registryWith('Alt+A', () => false);
    expect(registry.isEnabled('test')).toBe(false);
    expect(registry.run('test')).toBe(false);
  });
});
