import { useTranslation } from '@atrium/app-kit';
import { useEffect, useRef, useState, type JSX } from 'react';

/** Milliseconds a picker waits after the last key before it searches. */
const SEARCH_WAIT_MS = 250;

export interface PickerProps {
  id: string;
  value: string | null;
  /** The choices known already (id or name → what it reads as): the people and records the page names, the user. */
  known: Readonly<Record<string, string>>;
  /** Finds more choices by words (people of the organisation, records of the linked entity). */
  search(text: string): Promise<Record<string, string>>;
  searchLabel: string;
  readOnly: boolean;
  describedBy?: string;
  invalid: boolean;
  onChange(value: string | null): void;
  onBlur(): void;
}

/**
 * A choice of a person or a linked record: a list of the choices known,
 * and a search box that adds what it finds (from two letters on). Both are
 * native controls, so the keyboard and screen readers work as everywhere.
 */
export function Picker({ id, value, known, search, searchLabel, readOnly, describedBy, invalid, onChange, onBlur }: PickerProps): JSX.Element {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Record<string, string>>({});
  // The latest search function, so that a new one given at each render does not search again.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  useEffect(() => {
    if (text.trim().length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      searchRef.current(text.trim()).then(
        (more) => current && setFound(more),
        () => current && setFound({}),
      );
    }, SEARCH_WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  const options = { ...known, ...found };
  if (value !== null && !Object.hasOwn(options, value)) options[value] = value;
  return (
    <div className="rec-picker">
      <select
        id={id}
        className="rec-input"
        value={value ?? ''}
        disabled={readOnly}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{t('records.value.none')}</option>
        {Object.entries(options)
          .sort((a, b) => a[1].localeCompare(b[1]))
          .map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
      </select>
      {!readOnly && (
        <input type="search" className="rec-input rec-picker__search" aria-label={searchLabel} placeholder={searchLabel} value={text} onChange={(e) => setText(e.target.value)} />
      )}
      {!readOnly && text.trim().length >= 2 && Object.keys(found).length === 0 && (
        <span className="rec-muted" role="status">
          {t('records.form.noMatches')}
        </span>
      )}
    </div>
  );
}
