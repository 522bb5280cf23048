import { Observable } from '../Observable.js';
import { chordMatches, formatKeybinding, parseKeybinding, type KeyChord, type KeyEventLike } from './keybinding.js';

/**
 * What a command acts on when a menu runs it: the window of a window-list
 * entry or icon menu, the panel (and item) that was right-clicked. The
 * keyboard runs commands with an empty context (they then act on the focused
 * window, the first panel...).
 */
export interface CommandContext {
  wid?: number;
  panel?: number;
  item?: number;
}

/** One action for the keyboard, every menu and context menu, and the command palette. */
export interface Command {
  /** Unique id, e.g. 'window.close'. */
  id: string;
  /**
   * i18n key of its label in menus; a function when the label follows the
   * state (Maximize or Restore). The guide and the palette name every command
   * by the key 'command.<id>' instead, which does not change.
   */
  labelKey: string | ((context: CommandContext) => string);
  /** Name of its icon in the desktop's icon set. */
  icon?: string;
  /** Default keybinding, e.g. 'Alt+Shift+W' (see keybinding.ts); the user's 'desktop.keybindings' may replace it. */
  keybinding?: string;
  /** More default chords that run it too but are not shown (Meta+S beside Ctrl+S); a user's binding replaces them with the main one. */
  alternateKeybindings?: readonly string[];
  /**
   * Whether its keys also match by the key's place on a US keyboard
   * (event.code) when the key pressed names another character (default
   * true: Alt+` is a dead key on a Mac). False leaves such a key to typing:
   * Option+N writes ñ in a Mac's text field rather than run Alt+N.
   */
  matchByCode?: boolean;
  /** Whether it can run now (menus disable it, keys skip it); always when absent. */
  enabled?: (context: CommandContext) => boolean;
  /** Whether menus list it at all (Switch Account with one account); always when absent. */
  visible?: (context: CommandContext) => boolean;
  /** For choices shown as radio items (Panel Position Top/Bottom): whether this one is the current one. */
  checked?: (context: CommandContext) => boolean;
  /** Listed in the command palette (default true; false for commands that need a context). */
  palette?: boolean;
  /**
   * The name the palette shows, when it is made of data (an application's
   * title in the user's language) rather than the key 'command.<id>'.
   */
  name?: (translate: (key: string, values?: Record<string, unknown>) => string) => string;
  run: (context: CommandContext) => void;
}

/** The i18n key naming a command in the shortcut guide and the command palette. */
export function commandNameKey(id: string): string {
  return `command.${id}`;
}

/** A binding as the shortcut guide lists it. */
export interface CommandBinding {
  id: string;
  labelKey: string;
  /** The command's name when it is made of data rather than labelKey (Command.name). */
  name?: Command['name'];
  /** The chord as typed in settings ('Alt+Shift+W'). */
  keybinding: string;
}

/** Changes when commands are added or removed or keybindings change (views listing commands re-render). */
export interface CommandRegistryState {
  revision: number;
}

/**
 * The registry of commands (docs/ARCHITECTURE.md, "One command registry"):
 * menus, context menus, the command palette and the keyboard all read it, so
 * a command's rule (when it is enabled, what it acts on) lives in one place.
 * Keybindings are parsed when registered, so a malformed one fails early; the
 * user's overrides (setKeybindings) replace the defaults, and an override
 * that does not parse is ignored with a warning.
 */
export class CommandRegistry extends Observable<CommandRegistryState> {
  #commands: readonly Command[] = [];
  readonly #defaults = new Map<Command, KeyChord[]>();
  #overrides: Readonly<Record<string, string>> = {};
  /** The chords bound to each command now: the first is shown, every one runs it. */
  readonly #chords = new Map<Command, { chords: KeyChord[]; text: string }>();

  constructor() {
    super({ revision: 0 });
  }

  /** Adds a command; throws when its id is taken or its keybinding is malformed. Returns an unregister. */
  register(command: Command): () => void {
    if (this.get(command.id)) throw new Error(`Command '${command.id}' is already registered`);
    if (command.keybinding !== undefined) this.#defaults.set(command, [command.keybinding, ...(command.alternateKeybindings ?? [])].map(parseKeybinding));
    this.#commands = [...this.#commands, command];
    this.#bind(command);
    this.#changed();
    return () => {
      if (!this.#commands.includes(command)) return;
      this.#commands = this.#commands.filter((c) => c !== command);
      this.#defaults.delete(command);
      this.#chords.delete(command);
      this.#changed();
    };
  }

  /** Adds several commands; one unregister for them all. */
  registerAll(commands: readonly Command[]): () => void {
    const unregisters = commands.map((command) => this.register(command));
    return () => unregisters.forEach((unregister) => unregister());
  }

  /** The user's keybindings (command id → chord), replacing the defaults of those commands; '' unbinds one. */
  setKeybindings(overrides: Readonly<Record<string, string>>): void {
    this.#overrides = { ...overrides };
    for (const command of this.#commands) this.#bind(command);
    this.#changed();
  }

  /** The registered commands in registration order; the same array until one is added or removed. */
  commands(): readonly Command[] {
    return this.#commands;
  }

  /** The command with that id. */
  get(id: string): Command | undefined {
    return this.#commands.find((c) => c.id === id);
  }

  /** The i18n key of the command's label in this context. */
  labelKeyOf(id: string, context: CommandContext = {}): string {
    const command = this.get(id);
    if (!command) return id;
    return typeof command.labelKey === 'function' ? command.labelKey(context) : command.labelKey;
  }

  /** Whether the command exists and allows running in this context. */
  isEnabled(id: string, context: CommandContext = {}): boolean {
    const command = this.get(id);
    return !!command && (command.visible?.(context) ?? true) && (command.enabled?.(context) ?? true);
  }

  /** Whether menus show the command in this context. */
  isVisible(id: string, context: CommandContext = {}): boolean {
    const command = this.get(id);
    return !!command && (command.visible?.(context) ?? true);
  }

  /** For radio-like commands: whether it is the current choice; undefined for plain commands. */
  isChecked(id: string, context: CommandContext = {}): boolean | undefined {
    return this.get(id)?.checked?.(context);
  }

  /** The chord bound to the command now ('Alt+Shift+W'), or null. */
  keybindingOf(id: string): string | null {
    const command = this.get(id);
    return (command && this.#chords.get(command)?.text) ?? null;
  }

  /** Every bound command that is visible now, in registration order (the keyboard-shortcut guide). */
  bindings(): CommandBinding[] {
    const list: CommandBinding[] = [];
    for (const command of this.#commands) {
      const bound = this.#chords.get(command);
      if (!bound || !(command.visible?.({}) ?? true)) continue;
      list.push({ id: command.id, labelKey: commandNameKey(command.id), keybinding: bound.text, ...(command.name ? { name: command.name } : {}) });
    }
    return list;
  }

  /** Runs the command when it is enabled in this context; true when it ran. */
  run(id: string, context: CommandContext = {}): boolean {
    if (!this.isEnabled(id, context)) return false;
    this.get(id)?.run(context);
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
      const bound = this.#commands.filter((c) => (!byCode || c.matchByCode !== false) && this.#chords.get(c)?.chords.some((chord) => chordMatches(chord, event, byCode)));
      if (bound.length === 0) continue;
      const command = bound.find((c) => this.isEnabled(c.id));
      if (!command) return false;
      command.run({});
      return true;
    }
    return false;
  }

  #bind(command: Command): void {
    const override = Object.hasOwn(this.#overrides, command.id) ? this.#overrides[command.id] : undefined;
    if (override === '') {
      this.#chords.delete(command);
      return;
    }
    if (override !== undefined) {
      try {
        const chord = parseKeybinding(override);
        this.#chords.set(command, { chords: [chord], text: formatKeybinding(chord) });
        return;
      } catch (error) {
        console.warn(`The keybinding '${override}' of '${command.id}' is not valid; the default is kept.`, error);
      }
    }
    const chords = this.#defaults.get(command);
    if (chords) this.#chords.set(command, { chords, text: formatKeybinding(chords[0]!) });
    else this.#chords.delete(command);
  }

  #changed(): void {
    this.setState({ revision: this.getState().revision + 1 });
  }
}
