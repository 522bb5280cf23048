/**
 * The address if it is safe to navigate to or load from: an absolute http(s)
 * URL or a same-origin path starting with a single '/'. Anything else
 * (javascript:, data:, protocol-relative '//host', garbage) gives null.
 */
export function safeAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\/(?![/\\])/.test(text)) return text;
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}
