import { FILE_SEARCH_TEXT_MAX_LENGTH, type FileEntry, type FileSearchMessage, type FileSearchModel } from '@atrium/client-core';
import { fileErrorText } from '@atrium/sdk';
import { useEffect, useId, useRef, useState, type FocusEvent, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { FileIcon, FileImageIcon, FileTextIcon, FolderIcon, SearchIcon } from '@atrium/app-kit';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from './DesktopContext.js';
import { useReturnFocus } from './ModalOverlay.js';
import './FileSearchOverlay.css';

type T = ReturnType<typeof useTranslation>['t'];

/** The message line's text in the user's language. */
export function fileSearchMessage(message: FileSearchMessage, t: T): string {
  switch (message.kind) {
    case 'hint':
      return t('fileSearch.hint');
    case 'searching':
      return t('fileSearch.searching');
    case 'results':
      return t('fileSearch.results', { count: message.count });
    case 'none':
      return t('fileSearch.none', { text: message.text });
    case 'error':
      return t('fileSearch.failed', { reason: fileErrorText(message.error, (key, vars) => t(key, vars)) });
  }
}

function EntryIcon({ entry }: { entry: FileEntry }): JSX.Element {
  const props = { width: 18, height: 18, className: 'atr-file-search__icon' };
  if (entry.isDirectory) return <FolderIcon {...props} className="atr-file-search__icon atr-file-search__icon--folder" />;
  if (entry.mime.startsWith('image/')) return <FileImageIcon {...props} />;
  if (entry.mime.startsWith('text/')) return <FileTextIcon {...props} />;
  return <FileIcon {...props} />;
}

/** The text box's keys: the arrows move through the results, Enter opens the selected one or searches, Escape resets, then hides. */
function searchKey(key: string, model: FileSearchModel): boolean {
  switch (key) {
    case 'ArrowDown':
      model.move(1);
      return true;
    case 'ArrowUp':
      model.move(-1);
      return true;
    case 'Enter':
      void model.enter();
      return true;
    case 'Escape':
      model.escape();
      return true;
    default:
      return false;
  }
}

/** The text box, a combobox over the results, described by the message line. */
function SearchBox(props: {
  ref: RefObject<HTMLInputElement | null>;
  text: string;
  expanded: boolean;
  listId: string;
  messageId: string;
  activeId: string | undefined;
  onText(text: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}): JSX.Element {
  const { t } = useTranslation();
  const { ref, onText } = props;
  return (
    <div className="atr-file-search__box">
      <SearchIcon width={18} height={18} className="atr-file-search__glass" />
      <input
        ref={ref}
        className="atr-file-search__input"
        type="search"
        role="combobox"
        aria-label={t('fileSearch.input')}
        aria-expanded={props.expanded}
        aria-controls={props.listId}
        aria-autocomplete="none"
        aria-describedby={props.messageId}
        aria-activedescendant={props.activeId}
        placeholder={t('fileSearch.placeholder')}
        maxLength={FILE_SEARCH_TEXT_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        value={props.text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={props.onKeyDown}
        data-testid="fileSearch.input"
      />
    </div>
  );
}

/** One result: the pointer over it selects it, a click opens it. */
function Result(props: { entry: FileEntry; id: string; selected: boolean; onPoint(): void; onOpen(): void }): JSX.Element {
  const { entry } = props;
  const { t } = useTranslation();
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.selected}
      className="atr-file-search__result"
      data-testid="fileSearch.result"
      // The text box keeps focus: a press on a result must not take it away (and hide the overlay) before the click opens it.
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={props.onPoint}
      onClick={props.onOpen}
    >
      <EntryIcon entry={entry} />
      <span className="atr-file-search__name">{entry.filename}</span>
      <span className="atr-file-search__path">{entry.path}</span>
      <span className="atr-file-search__size">{entry.isDirectory ? t('fileSearch.folder') : entry.humanSize}</span>
    </li>
  );
}

/**
 * The filesystem search overlay (docs/behaviour/files.md#search-overlay),
 * loaded with its first opening: a text box (a combobox), a message line (a
 * live region) and the results (a listbox), over the desktop's
 * FileSearchModel, which holds every rule. Arrow keys move through the
 * results and Enter opens the selected one or searches; Escape resets, then
 * hides; a click opens a result. It is not modal: leaving it (a click on
 * the desktop, Tab out of it) hides it 300 ms later. Focus goes back to
 * where it was when it hides.
 */
export default function FileSearchOverlay(): JSX.Element | null {
  const desktop = useDesktop();
  const [model, setModel] = useState<FileSearchModel | null>(null);
  useEffect(() => {
    let live = true;
    desktop.fileSearch().then(
      (loaded) => live && setModel(loaded),
      (error: unknown) => console.error('The file search could not be loaded.', error),
    );
    return () => {
      live = false;
    };
  }, [desktop]);
  return model && <FileSearchPanel model={model} />;
}

export function FileSearchPanel({ model }: { model: FileSearchModel }): JSX.Element {
  const { t } = useTranslation();
  const { text, message, results, selected } = useObservable(model);
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const listId = useId();
  const messageId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  useReturnFocus(panel);
  useEffect(() => {
    model.focus();
    input.current?.focus({ preventScroll: true });
    // Hidden by other means (another overlay opened): no hide is pending any more.
    return () => model.focus();
  }, [model]);
  // The result chosen by the keys is brought into sight; one chosen by the pointer is under it already (scrolling would move another result under it).
  const pointed = useRef(-1);
  useEffect(() => {
    if (selected >= 0 && selected !== pointed.current) document.getElementById(optionId(selected))?.scrollIntoView?.({ block: 'nearest' });
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    pointed.current = -1;
    if (!searchKey(event.key, model)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!panel.current?.contains(event.relatedTarget as Node | null)) model.blur();
  };

  return (
    <section
      ref={panel}
      className="atr-file-search"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="fileSearch"
      onFocus={() => model.focus()}
      onBlur={handleBlur}
    >
      <h2 id={titleId} className="atr-visually-hidden">
        {t('fileSearch.title')}
      </h2>
      <SearchBox ref={input} text={text} expanded={results.length > 0} listId={listId} messageId={messageId} activeId={selected >= 0 ? optionId(selected) : undefined} onText={(value) => model.setText(value)} onKeyDown={handleKeyDown} />
      <p id={messageId} className={`atr-file-search__message atr-file-search__message--${message.kind}`} role="status" data-testid="fileSearch.message">
        {fileSearchMessage(message, t)}
      </p>
      <ul id={listId} className="atr-file-search__results" role="listbox" aria-label={t('fileSearch.list')} data-testid="fileSearch.results" hidden={results.length === 0}>
        {results.map((entry, index) => (
          <Result
            key={entry.path}
            entry={entry}
            id={optionId(index)}
            selected={index === selected}
            onPoint={() => {
              if (index === selected) return;
              pointed.current = index;
              model.select(index);
            }}
            onOpen={() => void model.open(entry)}
          />
        ))}
      </ul>
    </section>
  );
}
