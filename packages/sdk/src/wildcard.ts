/**
 * The search pattern rule (docs/behaviour/files.md#search): `*` stands for any
 * run of characters, `?` for one; a pattern without either matches names
 * containing it; matching ignores case.
 */
export function wildcardMatcher(pattern: string): (name: string) => boolean {
  const wild = /[*?]/.test(pattern) ? pattern : `*${pattern}*`;
  const source = wild.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[\\s\\S]*').replace(/\?/g, '[\\s\\S]');
  const regex = new RegExp(`^${source}$`, 'iu');
  return (name) => regex.test(name);
}
