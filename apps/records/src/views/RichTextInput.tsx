import { useTranslation } from '@atrium/app-kit';
import DOMPurify from 'dompurify';
import { useEffect, useRef, type JSX } from 'react';

/** Stored rich text made safe to show: only formatting, never scripts or handlers (the server sanitises what it keeps, too). */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'a', 'div', 'span'], ALLOWED_ATTR: ['href'] });
}

/**
 * Rich text: an editable area with Bold, Italic and a bulleted list. What
 * it shows is sanitised first; what it gives back is the area's HTML,
 * which the server sanitises again before it keeps it.
 */
export function RichTextInput({ id, value, readOnly, describedBy, invalid, onChange, onBlur }: { id: string; value: string | null; readOnly: boolean; describedBy?: string; invalid: boolean; onChange(html: string): void; onBlur(): void }): JSX.Element {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = safeHtml(value ?? '');
  }, [value]);
  const format = (command: string) => {
    area.current?.focus();
    // The browser's own editing commands: the simplest formatting that needs no editor library.
    document.execCommand?.(command);
    if (area.current) onChange(area.current.innerHTML);
  };
  return (
    <div className="rec-rich">
      {!readOnly && (
        <div className="rec-rich__bar" role="toolbar" aria-controls={id}>
          {(
            [
              ['bold', 'records.form.bold', 'B'],
              ['italic', 'records.form.italic', 'I'],
              ['insertUnorderedList', 'records.form.bulleted', '•'],
            ] as const
          ).map(([command, label, mark]) => (
            <button key={command} type="button" className="rec-icon-button" aria-label={t(label)} title={t(label)} onMouseDown={(e) => e.preventDefault()} onClick={() => format(command)}>
              <span aria-hidden="true">{mark}</span>
            </button>
          ))}
        </div>
      )}
      <div
        id={id}
        ref={area}
        className="rec-input rec-rich__area"
        role="textbox"
        aria-multiline="true"
        aria-readonly={readOnly || undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        tabIndex={0}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        onBlur={onBlur}
      />
    </div>
  );
}
