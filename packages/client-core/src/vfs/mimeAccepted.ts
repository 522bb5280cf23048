/**
 * Whether a mime type is accepted: no patterns accept all; a pattern matches
 * exactly or as a regular expression ('^text/'). The file chooser filters
 * its listing with it and opening a file finds its applications
 * (docs/behaviour/files.md#opening-a-file).
 */
export function mimeAccepted(mime: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((pattern) => {
    if (pattern === mime) return true;
    try {
      return new RegExp(pattern).test(mime);
    } catch {
      return false;
    }
  });
}
