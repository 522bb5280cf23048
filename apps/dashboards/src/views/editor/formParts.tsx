import { useTranslation } from '@atrium/app-kit';
import type { JSX, ReactNode } from 'react';
import type { EditorProblem } from '../../model/EditorModel.js';
import { problemText } from './editorText.js';

/** The problems of one field, said under it; `id` is what the field's aria-describedby names. */
export function FieldProblems({ id, problems }: { id: string; problems: readonly EditorProblem[] }): JSX.Element | null {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="dbe-problems" data-testid="dashboards.editor.problems">
      {problems.map((p, i) => (
        <li key={i}>{problemText(p, t)}</li>
      ))}
    </ul>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  problems?: readonly EditorProblem[];
  hint?: string;
  type?: 'text' | 'number';
  required?: boolean;
  min?: number;
  max?: number;
}

/** A labelled input with its hint and its problems (aria-invalid, described by both). */
export function TextField({ id, label, value, onChange, problems = [], hint, type = 'text', required, min, max }: TextFieldProps): JSX.Element {
  const described = [hint ? `${id}-hint` : '', problems.length > 0 ? `${id}-problems` : ''].filter(Boolean).join(' ');
  return (
    <div className="atk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        min={min}
        max={max}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="atk-field__help">
          {hint}
        </p>
      ) : null}
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

/** A labelled select of options given as value and text. */
export function SelectField({ id, label, value, options, onChange, problems = [], children }: { id: string; label: string; value: string; options: ReadonlyArray<readonly [string, string]>; onChange(value: string): void; problems?: readonly EditorProblem[]; children?: ReactNode }): JSX.Element {
  return (
    <div className="atk-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-invalid={problems.length > 0 || undefined} aria-describedby={problems.length > 0 ? `${id}-problems` : undefined} onChange={(event) => onChange(event.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {children}
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}
