/** A `{{name}}` placeholder, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Fills a text's `{{name}}` placeholders with the values given, as the
 * product's translation engine does (i18next with escaping off): nothing is
 * HTML-escaped (React escapes), a null value gives an empty text, and a
 * placeholder without a value stays as it is.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, unknown>> = {}): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name) || values[name] === undefined) return whole;
    const value = values[name];
    return value === null ? '' : String(value);
  });
}
