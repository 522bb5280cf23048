import { chordMatches, parseKeybinding, type KeyChord, type KeyEventLike } from './keybinding.js';

/** One action for menus, context menus and keyboard shortcuts. */
export interface Command {
  /** Unique id, e.g. 'window.close'. */
  id: string;
  /** i18n key of its label, e.g. 'command.window.close'. */
  labelKey: string;
  /** Default keybinding, e.g. 'Alt+Shift+W' (see keybinding.ts). */
  keybinding?: string;
  /** Whether it can run now (menus disable it, keys skip it); always when absent. */
  when?: () => boolean;
  run: () => void;
}

/**
 * The registry of commands (STYLE: one registry serves menus and shortcuts).
 * Keybindings are parsed when registered, so a malformed one fails early.
 */
export class CommandRegistry {
  #commands: readonly Command[] = [];
  readonly #chords = new Map<Command, KeyChord>();

  /** Adds a command; throws when its id is taken or its keybinding is malformed. Returns an unregister. */
  register(command: Command): () => void {
    if (this.get(command.id)) throw new Error(`Command '${command.id}' is already registered`);
    if (command.keybinding !== undefined) this.#chords.set(command, parseKeybinding(command.keybinding));
    this.#commands = [...this.#commands, command];
    return () => {
      if (!this.#commands.includes(command)) return;
      this.#commands = this.#commands.filter((c) => c !== command);
      this.#chords.delete(command);
    };
  }

  /** The registered commands in registration order; the same array until one is added or removed. */
  commands(): readonly Command[] {
    return this.#commands;
  }

  /** The command with that id. */
  get(id: string): Command | undefined {
    return this.#commands.find((c) => c.id === id);
  }

  /** Whether the command exists and its `when` allows it. */
  isEnabled(id: string): boolean {
    const command = this.get(id);
    return !!command && (command.when?.() ?? true);
  }

  /** Runs the command (for menus) when it is enabled; true when it ran. */
  run(id: string): boolean {
    if (!this.isEnabled(id)) return false;
    this.get(id)?.run();
    return true;
  }

  /**
   * Runs the first enabled command bound to a key event ({key, code,
   * altKey, shiftKey, ctrlKey, metaKey}); true when one ran (the caller then
   * prevents the default). Bindings are matched on event.key; only when none
   * matches that way, on event.code (US layout), so a layout's own key wins.
   */
  handleKey(event: KeyEventLike): boolean {
    for (const byCode of [false, true]) {
      const bound = this.#commands.filter((c) => {
        const chord = this.#chords.get(c);
        return chord !== undefined && chordMatches(chord, event, byCode);
      });
      if (bound.length === 0) continue;
      const command = bound.find((c) => c.when?.() ?? true);
      if (!command) return false;
      command.run();
      return true;
    }
    return false;
  }
}
