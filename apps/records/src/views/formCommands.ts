import type { AppCommand } from '@atrium/sdk';

/** What the form's commands act on, as it is when one runs. */
export interface FormCommandTarget {
  /** The user may create records of the entity. */
  canCreate: boolean;
  /** Opens a new record's form. */
  create(): void;
  /** The user may save the record shown (they may change it, and it is not deleted). */
  canSave: boolean;
  save(): void;
  /** The records before and after the one shown in the list the form came from. */
  previous: string | undefined;
  next: string | undefined;
  /** Shows another record in the form's window. */
  go(name: string): void;
}

/**
 * A record form's commands in the desktop's command registry
 * (docs/APPLICATIONS.md, "Commands"): New record (Alt+N), Save record
 * (Ctrl+S, or Cmd+S on a Mac), Previous and Next record of the list the form
 * came from (Alt+Page Up, Alt+Page Down). Each is enabled only when it can
 * act (a record to go to, the right to create or save); a key of a disabled
 * one is left to the browser, as the form's keys always were. `target` is
 * read when a command runs or is offered.
 */
export function formCommands(target: () => FormCommandTarget): AppCommand[] {
  return [
    { id: 'new', label: (t) => t('records.command.new'), keybinding: 'Alt+N', enabled: () => target().canCreate, run: () => target().create() },
    { id: 'save', label: (t) => t('records.command.save'), keybinding: 'Ctrl+S', alternateKeybindings: ['Meta+S'], enabled: () => target().canSave, run: () => target().save() },
    {
      id: 'previous',
      label: (t) => t('records.form.previous'),
      keybinding: 'Alt+PageUp',
      enabled: () => target().previous !== undefined,
      run: () => {
        const { previous, go } = target();
        if (previous !== undefined) go(previous);
      },
    },
    {
      id: 'next',
      label: (t) => t('records.form.next'),
      keybinding: 'Alt+PageDown',
      enabled: () => target().next !== undefined,
      run: () => {
        const { next, go } = target();
        if (next !== undefined) go(next);
      },
    },
  ];
}
