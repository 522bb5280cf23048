/** The drag type of items dragged inside Files (a JSON list of paths). */
export const ITEMS_TYPE = 'application/x-atrium-files';

/** What a drop carries: items of Files (moved, or copied with Ctrl), files from the computer (uploaded), or nothing usable. */
export type Dropped = { kind: 'items'; paths: string[] } | { kind: 'files'; files: File[] } | null;

export function droppedOf(data: DataTransfer | null): Dropped {
  if (!data) return null;
  const items = data.getData(ITEMS_TYPE);
  if (items) {
    try {
      const paths = JSON.parse(items) as unknown;
      if (Array.isArray(paths) && paths.every((p) => typeof p === 'string')) return { kind: 'items', paths };
    } catch {
      return null;
    }
  }
  const files = [...(data.files ?? [])];
  return files.length > 0 ? { kind: 'files', files } : null;
}

/** Whether a drag may drop here (its data is readable only on drop; the types are known during the drag). */
export function canDrop(data: DataTransfer | null): boolean {
  const types = [...(data?.types ?? [])];
  return types.includes(ITEMS_TYPE) || types.includes('Files');
}

/** Ctrl (or Option on a Mac) copies instead of moving. */
export function copyWanted(event: { ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return event.ctrlKey || (event.altKey && !event.metaKey);
}
