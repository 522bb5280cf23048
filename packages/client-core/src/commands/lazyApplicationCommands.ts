import type { AppCommand, AppWindow } from '@atrium/sdk';
import type { WindowStore } from '../windows/WindowStore.js';
import type { CommandOwner } from './ApplicationCommands.js';
import type { CommandRegistry } from './CommandRegistry.js';

/** Where applications' commands go (Desktop.registerCommands): ApplicationCommands, or its lazy handle. */
export interface ApplicationCommandsPort {
  /** Registers an application's commands, for one of its windows or (null) any; returns their removal. */
  register(owner: CommandOwner, commands: readonly AppCommand[], window: AppWindow | null): () => void;
}

type Load = () => Promise<{ ApplicationCommands: new (registry: CommandRegistry, windows: Pick<WindowStore, 'focused' | 'onDidCloseWindow'>) => ApplicationCommandsPort }>;

/**
 * Applications' commands whose code (ApplicationCommands) is fetched with
 * the first registration, so that the signed-in shell does not carry it
 * (docs/PERFORMANCE.md): commands registered meanwhile join the registry
 * once it is there (an application that ended, or a window that closed,
 * meanwhile registers nothing), and a removal before then keeps them out.
 * If it cannot be fetched, those registrations are dropped and the next
 * one tries again.
 */
export function lazyApplicationCommands(registry: CommandRegistry, windows: Pick<WindowStore, 'focused' | 'onDidCloseWindow'>, load: Load = () => import('./ApplicationCommands.js')): ApplicationCommandsPort {
  let loading: Promise<ApplicationCommandsPort> | null = null;
  return {
    register(owner, commands, window) {
      let removed = false;
      let remove: (() => void) | null = null;
      loading ??= load().then(
        ({ ApplicationCommands }) => new ApplicationCommands(registry, windows),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      loading.then(
        (real) => {
          if (!removed) remove = real.register(owner, commands, window);
        },
        (error: unknown) => console.warn(`The commands of '${owner.name}' could not be registered.`, error),
      );
      return () => {
        removed = true;
        remove?.();
      };
    },
  };
}
