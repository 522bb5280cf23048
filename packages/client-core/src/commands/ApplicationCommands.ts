import type { AppCommand, AppWindow } from '@atrium/sdk';
import type { WindowStore } from '../windows/WindowStore.js';
import type { Command, CommandRegistry } from './CommandRegistry.js';

/** The running application whose commands these are, as the desktop holds it. */
export interface CommandOwner {
  /** Its package name. */
  readonly name: string;
  /** Its open windows. */
  readonly windows: readonly AppWindow[];
  readonly destroyed: boolean;
  on(event: 'destroy', listener: () => void): () => void;
}

/** The id of an application's command in the registry ('app.Records.save'). */
export function applicationCommandId(app: string, id: string): string {
  return `app.${app}.${id}`;
}

/** One application's (or one of its windows') registration of a command. */
interface Registration {
  owner: CommandOwner;
  /** The window it is for; null: any window of the owner. */
  window: AppWindow | null;
  command: AppCommand;
}

/** The registry's command of one id, and everyone who registered it (newest last). */
interface Entry {
  registrations: Registration[];
  unregister: () => void;
}

/**
 * The commands applications put in the desktop's command registry
 * (Desktop.registerCommands; docs/APPLICATIONS.md, "Commands"). Each id
 * is one command of the registry, `app.<package>.<id>`, which any number
 * of instances and windows of the package may register: it is visible
 * (in the palette and the shortcut guide) only while the focused window is
 * one a registration is for, enabled when that registration says so, and
 * runs that registration on that window; its keys are those of the first
 * registration (one package gives one id the same keys). A window's registration goes when
 * the window closes, every one of an application's when it ends; the
 * command leaves the registry with its last registration.
 */
export class ApplicationCommands {
  readonly #registry: CommandRegistry;
  readonly #windows: Pick<WindowStore, 'focused' | 'onDidCloseWindow'>;
  readonly #entries = new Map<string, Entry>();

  constructor(registry: CommandRegistry, windows: Pick<WindowStore, 'focused' | 'onDidCloseWindow'>) {
    this.#registry = registry;
    this.#windows = windows;
  }

  /**
   * Registers an application's commands, for one of its windows or (window
   * null) for any; returns their removal. An application that has ended,
   * or a window that is not its own, registers nothing.
   */
  register(owner: CommandOwner, commands: readonly AppCommand[], window: AppWindow | null = null): () => void {
    if (owner.destroyed || (window !== null && !owner.windows.some((w) => w.wid === window.wid))) return () => undefined;
    const registrations = commands.map((command): Registration => ({ owner, window, command }));
    for (const registration of registrations) this.#add(registration);
    let removed = false;
    const stops: Array<() => void> = [];
    const remove = () => {
      if (removed) return;
      removed = true;
      for (const stop of stops.splice(0)) stop();
      for (const registration of registrations) this.#remove(registration);
    };
    stops.push(owner.on('destroy', remove));
    if (window !== null) stops.push(this.#windows.onDidCloseWindow((closed) => closed.wid === window.wid && remove()));
    return remove;
  }

  #add(registration: Registration): void {
    const id = applicationCommandId(registration.owner.name, registration.command.id);
    const known = this.#entries.get(id);
    if (known) {
      known.registrations.push(registration);
      return;
    }
    const entry: Entry = { registrations: [registration], unregister: () => undefined };
    try {
      entry.unregister = this.#registry.register(this.#command(id, entry));
    } catch (error) {
      // Another command holds the id, or the keys do not parse: the application's command is left out.
      console.warn(`The command '${registration.command.id}' of '${registration.owner.name}' is left out.`, error);
      return;
    }
    this.#entries.set(id, entry);
  }

  #remove(registration: Registration): void {
    const id = applicationCommandId(registration.owner.name, registration.command.id);
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.registrations = entry.registrations.filter((r) => r !== registration);
    if (entry.registrations.length > 0) return;
    this.#entries.delete(id);
    entry.unregister();
  }

  /** The registration the focused window runs, with that window; null when no registration is for it. */
  #active(entry: Entry): { registration: Registration; window: AppWindow } | null {
    const focused = this.#windows.focused();
    if (!focused) return null;
    // The newest registration for the focused window wins.
    for (const registration of [...entry.registrations].reverse()) {
      const window = registration.window ?? registration.owner.windows.find((w) => w.wid === focused.wid);
      if (window && window.wid === focused.wid) return { registration, window };
    }
    return null;
  }

  #command(id: string, entry: Entry): Command {
    const first = entry.registrations[0]!.command;
    const active = () => this.#active(entry);
    return {
      id,
      labelKey: id,
      keybinding: first.keybinding,
      alternateKeybindings: first.alternateKeybindings,
      // As an application's own key handler would: a key naming another character (a Mac's Option+N, ñ) is typed.
      matchByCode: false,
      name: (translate) => {
        const { label } = (active()?.registration ?? entry.registrations[0]!).command;
        return typeof label === 'function' ? label(translate) : label;
      },
      visible: () => active() !== null,
      enabled: () => {
        const now = active();
        return now !== null && (now.registration.command.enabled?.(now.window) ?? true);
      },
      run: () => {
        const now = active();
        if (now) now.registration.command.run(now.window);
      },
    };
  }
}
