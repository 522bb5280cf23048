import { useId, type InputHTMLAttributes, type JSX, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Marks the field invalid (red outline, aria-invalid). */
  invalid?: boolean;
  /** Id of the message that describes the field (an error, a confirmation). */
  describedBy?: string;
  testId: string;
  /** Shown beside the label, e.g. an info tooltip. */
  labelExtra?: ReactNode;
  /** A button inside the input's right edge, e.g. show/hide password; receives the input's id. */
  trailing?: (inputId: string) => ReactNode;
}

/** A labelled text input of the sign-in forms (login, forgot and reset password). */
export function TextField({ label, value, onValueChange, invalid, describedBy, testId, labelExtra, trailing, ...inputProps }: TextFieldProps): JSX.Element {
  const id = useId();
  const labelElement = (
    <label className="atr-field__label" htmlFor={id}>
      {label}
    </label>
  );
  const input = (
    <input
      {...inputProps}
      id={id}
      className={trailing ? 'atr-input atr-input--with-button' : 'atr-input'}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      data-testid={testId}
    />
  );
  return (
    <div className="atr-field">
      {labelExtra ? (
        <div className="atr-field__label-row">
          {labelElement}
          {labelExtra}
        </div>
      ) : (
        labelElement
      )}
      {trailing ? (
        <div className="atr-field__control">
          {input}
          {trailing(id)}
        </div>
      ) : (
        input
      )}
    </div>
  );
}
