/** Splits 'report.final.pdf' into 'report.final' and '.pdf'; names of folders and dot-files have no extension. */
function splitExtension(name: string, isDirectory: boolean): [string, string] {
  const at = name.lastIndexOf('.');
  if (isDirectory || at <= 0) return [name, ''];
  return [name.slice(0, at), name.slice(at)];
}

/**
 * The name to keep both under: ' (2)' before the extension, or the next
 * number free ('report (3).pdf' when 'report (2).pdf' is taken).
 */
export function keepBothName(name: string, taken: ReadonlySet<string>, isDirectory = false): string {
  if (!taken.has(name)) return name;
  const [stem, extension] = splitExtension(name, isDirectory);
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  const base = numbered ? (numbered[1] as string) : stem;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const candidate = `${base} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** What a rename selects first: the name without its extension ('report' of 'report.pdf'), the whole name of a folder or a dot-file. */
export function renameSelection(name: string, isDirectory: boolean): [number, number] {
  return [0, splitExtension(name, isDirectory)[0].length];
}
