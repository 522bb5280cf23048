import { commandNameKey, type CommandRegistry } from '@atrium/client-core';
import { useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { CommandIcon } from '../menus/CommandIcon.js';
import { Keys } from '../menus/Keys.js';
import { useDesktop } from './DesktopContext.js';
import { ModalOverlay } from './ModalOverlay.js';
import './CommandPalette.css';

/** One line of the palette: a command that can run now, with its name in the user's language. */
export interface PaletteEntry {
  id: string;
  name: string;
  icon: string | undefined;
  keybinding: string | null;
}

/** Text compared without case or accents ('Fenêtre' matches 'fenetre'). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * What the palette lists for a query: the commands that can run now with an
 * empty context and are meant for it (palette not false), leaving out a
 * choice that is already the current one (Panel Position Top with the
 * panel at the top: running it would do nothing), in registration order
 * (the desktop's commands, then one per application of the menu), whose
 * name (or id) contains every word of the query.
 */
export function paletteEntries(commands: CommandRegistry, translate: (key: string, values?: Record<string, unknown>) => string, query: string): PaletteEntry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const entries: PaletteEntry[] = [];
  for (const command of commands.commands()) {
    if (command.palette === false || !commands.isEnabled(command.id) || commands.isChecked(command.id) === true) continue;
    const name = command.name ? command.name(translate) : translate(commandNameKey(command.id));
    const haystack = `${folded(name)} ${command.id.toLowerCase()}`;
    if (words.every((word) => haystack.includes(word))) entries.push({ id: command.id, name, icon: command.icon, keybinding: commands.keybindingOf(command.id) });
  }
  return entries;
}

/**
 * What a key in the search box does with `count` entries, `current` the chosen one: the index to
 * choose (the arrows wrap around, Page Up and Page Down go to the ends), 'run' for Enter,
 * undefined for a move with nothing to move to, null for a key the palette leaves.
 */
function paletteKey(key: string, current: number, count: number): number | 'run' | undefined | null {
  switch (key) {
    case 'ArrowDown':
      return count ? (current + 1) % count : undefined;
    case 'ArrowUp':
      return count ? (current - 1 + count) % count : undefined;
    case 'PageDown':
      return count ? count - 1 : undefined;
    case 'PageUp':
      return 0;
    case 'Enter':
      return 'run';
    default:
      return null;
  }
}

/** One command of the list, with its icon and keys; the pointer over it chooses it, a click runs it. */
function PaletteOption(props: { entry: PaletteEntry; id: string; selected: boolean; onPoint(): void; onRun(): void }): JSX.Element {
  const { entry } = props;
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.selected}
      aria-keyshortcuts={entry.keybinding ?? undefined}
      className="atr-palette__option"
      data-testid={`palette.${entry.id}`}
      // The input keeps focus: a press on an option must not take it away before the click runs it.
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={props.onPoint}
      onClick={props.onRun}
    >
      <CommandIcon name={entry.icon} />
      <span className="atr-palette__name">{entry.name}</span>
      {entry.keybinding && (
        <span aria-hidden="true" className="atr-palette__keys">
          <Keys binding={entry.keybinding} />
        </span>
      )}
    </li>
  );
}

/**
 * The command palette (docs/behaviour/desktop.md#command-palette):
 * a search box (a combobox) over the list of commands (a listbox) read from
 * the command registry; typing filters, the arrow keys move through the
 * list, Enter or a click runs the chosen command with an empty context (it
 * acts on the focused window, the first panel...), Escape closes it. It
 * registers nothing: what it offers, and when, is the registry's rule.
 */
export function CommandPalette({ onClose }: { onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const { commands } = useDesktop();
  useObservable(commands);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const listId = useId();
  const entries = paletteEntries(commands, (key, values) => t(key, values), query);
  const current = Math.min(active, entries.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const run = (id: string) => {
    onClose();
    commands.run(id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = paletteKey(event.key, current, entries.length);
    if (move === null) return;
    if (move === 'run') {
      const entry = entries[current];
      if (entry) run(entry.id);
    } else if (move !== undefined) setActive(move);
    event.preventDefault();
  };

  return (
    <ModalOverlay labelledBy={titleId} onDismiss={onClose} initialFocus={() => input.current} className="atr-palette" testId="palette">
      <h2 id={titleId} className="atr-visually-hidden">
        {t('palette.title')}
      </h2>
      <div className="atr-palette__search">
        <input
          ref={input}
          className="atr-palette__input"
          type="text"
          role="combobox"
          aria-label={t('palette.title')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={entries[current] ? optionId(current) : undefined}
          placeholder={t('palette.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
          data-testid="palette.input"
        />
      </div>
      <ul id={listId} className="atr-palette__list" role="listbox" aria-label={t('palette.title')} data-testid="palette.list">
        {entries.map((entry, index) => (
          <PaletteOption key={entry.id} entry={entry} id={optionId(index)} selected={index === current} onPoint={() => index !== current && setActive(index)} onRun={() => run(entry.id)} />
        ))}
      </ul>
      {entries.length === 0 && (
        <p className="atr-palette__empty" role="status" data-testid="palette.empty">
          {t('palette.empty')}
        </p>
      )}
    </ModalOverlay>
  );
}
