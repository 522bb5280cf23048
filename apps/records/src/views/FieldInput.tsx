import { useTranslation } from '@atrium/app-kit';
import { labelOf, type ChildField, type Field } from '@atrium/shared/apps';
import { CloseIcon } from '@atrium/app-kit';
import { useState, type JSX } from 'react';
import { formatDuration, parseDuration } from '../model/fields.js';
import { Picker } from './Picker.js';
import { RichTextInput, safeHtml } from './RichTextInput.js';

/** Where the pickers find people and linked records. */
export interface PickerSources {
  people: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  searchPeople(text: string): Promise<Record<string, string>>;
  searchLinked(entity: string, text: string): Promise<Record<string, string>>;
  /** A linked entity's plural label in the user's language. */
  entityLabel(entity: string): string;
}

export interface FieldInputProps {
  id: string;
  field: Field | ChildField;
  value: unknown;
  readOnly: boolean;
  invalid: boolean;
  describedBy?: string;
  sources: PickerSources;
  /** The field's label, for controls that need their own (a rating's stars, a checkbox group). */
  label: string;
  /** A child table's cell's problem, in the user's words (`3.field`: row 3, counted from 0). */
  cellProblem?(path: string): string | undefined;
  onChange(value: unknown): void;
  onBlur(): void;
}

/** A moment as the value of a datetime-local input (the user's time zone), or ''. */
function localMoment(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return '';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A duration typed as h:mm: the text is kept while it is typed; a text that is no duration goes to the check as it is (a type problem). */
function DurationInput({ id, value, readOnly, invalid, describedBy, onChange, onBlur }: Omit<FieldInputProps, 'field' | 'sources' | 'label'>): JSX.Element {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === 'number' ? formatDuration(value) : typeof value === 'string' ? value : '');
  return (
    <input
      id={id}
      className="rec-input rec-input--short"
      inputMode="numeric"
      placeholder="h:mm"
      title={t('records.form.durationHint')}
      value={shown}
      readOnly={readOnly}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        onChange(text.trim() === '' ? null : (parseDuration(text) ?? text));
      }}
      onBlur={() => {
        setDraft(null);
        onBlur();
      }}
    />
  );
}

/** A rating as stars: radio buttons (the arrows move between them), one more than the value to clear it. */
function RatingInput({ id, value, max, readOnly, label, onChange, onBlur }: { id: string; value: unknown; max: number; readOnly: boolean; label: string; onChange(v: number | null): void; onBlur(): void }): JSX.Element {
  const { t } = useTranslation();
  const current = typeof value === 'number' ? value : 0;
  return (
    <div id={id} className="rec-rating" role="radiogroup" aria-label={label} onBlur={onBlur}>
      {Array.from({ length: max + 1 }, (_, n) => (
        <label key={n} className={`rec-rating__star${n === 0 ? ' rec-hidden-radio' : ''}${n > 0 && n <= current ? ' rec-rating__star--on' : ''}`} title={t('records.form.stars', { count: n, max })}>
          <input type="radio" name={id} className="rec-rating__radio" checked={current === n} disabled={readOnly} onChange={() => onChange(n === 0 ? null : n)} aria-label={t('records.form.stars', { count: n, max })} />
          <span aria-hidden="true">{n === 0 ? '' : n <= current ? '★' : '☆'}</span>
        </label>
      ))}
    </div>
  );
}

/** The props of an input for fields of some types. */
type InputOf<T extends string> = FieldInputProps & { field: Extract<Field | ChildField, { type: T }> };

/** The aria attributes every input has: its help and problem, and whether it is invalid. */
function ariaOf({ describedBy, invalid }: Pick<FieldInputProps, 'describedBy' | 'invalid'>) {
  return { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
}

/** A line of text (an email address, an address, a phone number), a longer text, or rich text (sanitised before it is shown read-only). */
function TextInput({ id, field, value, readOnly, invalid, describedBy, onChange, onBlur }: InputOf<'text' | 'email' | 'url' | 'phone' | 'longText' | 'richText'>): JSX.Element {
  const aria = ariaOf({ describedBy, invalid });
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'longText') return <textarea id={id} className="rec-input rec-textarea" rows={4} value={text} readOnly={readOnly} {...aria} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
  if (field.type === 'richText') {
    return readOnly ? (
      // Shown only after sanitising: stored HTML is never put in the page as it is.
      <div id={id} className="rec-input rec-rich__area" {...aria} dangerouslySetInnerHTML={{ __html: safeHtml(text) }} />
    ) : (
      <RichTextInput id={id} value={typeof value === 'string' ? value : null} readOnly={readOnly} describedBy={describedBy} invalid={invalid} onChange={onChange} onBlur={onBlur} />
    );
  }
  const type = field.type === 'text' ? 'text' : field.type === 'phone' ? 'tel' : field.type;
  return <input id={id} className="rec-input" type={type} value={text} readOnly={readOnly} {...aria} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
}

/** A number, with its step (a decimal's scale, an integer's 1), its bounds, and % or the currency after it. */
function NumberInput({ id, field, value, readOnly, invalid, describedBy, onChange, onBlur }: InputOf<'number' | 'decimal' | 'percent'>): JSX.Element {
  const step = field.type === 'decimal' ? 1 / 10 ** (field.scale ?? 2) : field.type === 'number' && field.integer ? 1 : 'any';
  return (
    <span className="rec-number">
      <input
        id={id}
        className="rec-input rec-input--short"
        type="number"
        step={step}
        min={field.min}
        max={field.max}
        value={typeof value === 'number' ? value : ''}
        readOnly={readOnly}
        {...ariaOf({ describedBy, invalid })}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        onBlur={onBlur}
      />
      {field.type === 'percent' && <span aria-hidden="true">%</span>}
      {field.type === 'decimal' && field.currency && <span>{field.currency}</span>}
    </span>
  );
}

/** A day (within its bounds, 'today' left to the check), or a moment in the user's time zone, kept as an ISO text. */
function MomentInput({ id, field, value, readOnly, invalid, describedBy, onChange, onBlur }: InputOf<'date' | 'datetime'>): JSX.Element {
  const aria = ariaOf({ describedBy, invalid });
  if (field.type === 'date') {
    const text = typeof value === 'string' ? value : '';
    return <input id={id} className="rec-input rec-input--short" type="date" value={text} min={field.min === 'today' ? undefined : field.min} max={field.max === 'today' ? undefined : field.max} readOnly={readOnly} {...aria} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
  }
  return (
    <input
      id={id}
      className="rec-input rec-input--short"
      type="datetime-local"
      value={localMoment(value)}
      readOnly={readOnly}
      {...aria}
      onChange={(e) => onChange(e.target.value === '' ? null : Number.isNaN(Date.parse(e.target.value)) ? e.target.value : new Date(e.target.value).toISOString())}
      onBlur={onBlur}
    />
  );
}

/** One of the choices (a list with none first), or several (a check box each). */
function ChoiceInput({ id, field, value, readOnly, invalid, describedBy, label, onChange, onBlur }: InputOf<'choice' | 'multiChoice'>): JSX.Element {
  const { t, language } = useTranslation();
  const aria = ariaOf({ describedBy, invalid });
  if (field.type === 'choice') {
    return (
      <select id={id} className="rec-input" value={typeof value === 'string' ? value : ''} disabled={readOnly} {...aria} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} onBlur={onBlur}>
        <option value="">{t('records.value.none')}</option>
        {field.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {labelOf(c.label, language)}
          </option>
        ))}
      </select>
    );
  }
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div id={id} className="rec-checks" role="group" aria-label={label} {...aria} onBlur={onBlur}>
      {field.choices.map((c) => (
        <label key={c.value} className="rec-check">
          <input type="checkbox" checked={chosen.includes(c.value)} disabled={readOnly} onChange={(e) => onChange(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))} />
          {labelOf(c.label, language)}
        </label>
      ))}
    </div>
  );
}

/** A person (among those known and the global search's people), or a record of the linked entity (by a search of it). */
function PickerInput({ id, field, value, readOnly, invalid, describedBy, sources, onChange, onBlur }: InputOf<'user' | 'link'>): JSX.Element {
  const { t } = useTranslation();
  const linked = field.type === 'link' ? field.entity : null;
  return (
    <Picker
      id={id}
      value={typeof value === 'string' ? value : null}
      known={linked === null ? sources.people : sources.links}
      search={linked === null ? sources.searchPeople : (words) => sources.searchLinked(linked, words)}
      searchLabel={linked === null ? t('records.form.searchPeople') : t('records.form.searchLinked', { entity: sources.entityLabel(linked) })}
      readOnly={readOnly}
      describedBy={describedBy}
      invalid={invalid}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}

/** A file field's files by name (a form shows FileField instead, with its uploads). */
function FileNames({ id, value, invalid, describedBy }: InputOf<'file'>): JSX.Element {
  const { t } = useTranslation();
  const files = Array.isArray(value) ? (value as Array<{ id: string; name: string }>) : [];
  return (
    <div id={id} className="rec-files" {...ariaOf({ describedBy, invalid })}>
      {files.length === 0 ? (
        <p className="rec-muted">{t('records.form.noFiles')}</p>
      ) : (
        <ul>
          {files.map((f) => (
            <li key={f.id}>{f.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One input for a field, by its type (the form's and a child table's cells). */
export function FieldInput(props: FieldInputProps): JSX.Element {
  const { id, field, value, readOnly, invalid, describedBy, label, onChange, onBlur } = props;
  switch (field.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'phone':
    case 'longText':
    case 'richText':
      return <TextInput {...props} field={field} />;
    case 'number':
    case 'decimal':
    case 'percent':
      return <NumberInput {...props} field={field} />;
    case 'duration':
      return <DurationInput id={id} value={value} readOnly={readOnly} invalid={invalid} describedBy={describedBy} onChange={onChange} onBlur={onBlur} />;
    case 'date':
    case 'datetime':
      return <MomentInput {...props} field={field} />;
    case 'boolean':
      return <input id={id} className="rec-checkbox" type="checkbox" checked={value === true} disabled={readOnly} {...ariaOf({ describedBy, invalid })} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />;
    case 'choice':
    case 'multiChoice':
      return <ChoiceInput {...props} field={field} />;
    case 'user':
    case 'link':
      return <PickerInput {...props} field={field} />;
    case 'rating':
      return <RatingInput id={id} value={value} max={field.max ?? 5} readOnly={readOnly} label={label} onChange={onChange} onBlur={onBlur} />;
    case 'table':
      return <TableInput {...props} field={field} />;
    case 'file':
      return <FileNames {...props} field={field} />;
  }
}

/** A child table: a row per line with an input per child field, Add row below, Remove at the end of each row. */
function TableInput({ id, field, value, readOnly, sources, label, describedBy, onChange, onBlur, cellProblem }: FieldInputProps & { field: Extract<Field, { type: 'table' }> }): JSX.Element {
  const { t, language } = useTranslation();
  const rows = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  const columns = Object.entries(field.fields);
  const setCell = (index: number, key: string, cell: unknown) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));
  return (
    <div className="rec-child" aria-describedby={describedBy}>
      <table id={id} className="rec-child__table" aria-label={label}>
        <thead>
          <tr>
            {columns.map(([key, child]) => (
              <th key={key} scope="col">
                {labelOf(child.label, language)}
                {child.required && <span className="rec-required" aria-hidden="true"> *</span>}
              </th>
            ))}
            {!readOnly && <th scope="col" aria-hidden="true" />}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1} className="rec-muted">
                {t('records.form.noRows')}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map(([key, child]) => {
                const problem = cellProblem?.(`${index}.${key}`);
                const cellId = `${id}-${index}-${key}`;
                return (
                  <td key={key}>
                    <label htmlFor={cellId} className="atk-hidden">
                      {t('records.form.cell', { column: labelOf(child.label, language), number: index + 1 })}
                    </label>
                    <FieldInput
                      id={cellId}
                      field={child}
                      value={row[key] ?? null}
                      readOnly={readOnly}
                      invalid={problem !== undefined}
                      describedBy={problem ? `${cellId}-problem` : undefined}
                      sources={sources}
                      label={labelOf(child.label, language)}
                      onChange={(cell) => setCell(index, key, cell)}
                      onBlur={onBlur}
                    />
                    {problem && (
                      <span id={`${cellId}-problem`} className="atk-problem">
                        {problem}
                      </span>
                    )}
                  </td>
                );
              })}
              {!readOnly && (
                <td>
                  <button type="button" className="rec-icon-button" aria-label={t('records.form.removeRow', { number: index + 1 })} title={t('records.form.removeRow', { number: index + 1 })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                    <CloseIcon width={16} height={16} />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <button type="button" className="rec-button rec-button--quiet" onClick={() => onChange([...rows, Object.fromEntries(columns.map(([key]) => [key, null]))])}>
          {t('records.form.addRow')}
        </button>
      )}
    </div>
  );
}
