import { useState, type JSX } from 'react';

/**
 * A number input bound to a model value that clamps: while the user types it
 * shows what they typed (an empty field, a half-typed number), hands every
 * complete number to onValue, and shows the model's value again on blur.
 */
export function NumberField({ value, min, max, onValue, ...rest }: { value: number; min: number; max: number; onValue(value: number): void } & Omit<JSX.IntrinsicElements['input'], 'value' | 'min' | 'max' | 'type'>): JSX.Element {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={draft ?? String(value)}
      onChange={(event) => {
        setDraft(event.target.value);
        const n = event.target.valueAsNumber;
        if (Number.isFinite(n)) onValue(n);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
