import type { FileEntry } from '@atrium/sdk';

/** The columns a listing can be sorted by. */
export const SORT_KEYS = ['name', 'size', 'type', 'modified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortOrder = { key: 'name', direction: 'asc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareBy(key: SortKey, a: FileEntry, b: FileEntry): number {
  switch (key) {
    case 'size':
      return a.size - b.size;
    case 'type':
      return collator.compare(a.mime, b.mime);
    case 'modified':
      return Date.parse(a.stat?.modified ?? '') - Date.parse(b.stat?.modified ?? '') || 0;
    case 'name':
      return 0;
  }
}

/**
 * A listing in the user's order: directories always first (docs/behaviour/files.md#file-entries),
 * then by the column, ties by name; descending reverses within each group.
 * Returns a new array.
 */
export function sortListing(entries: readonly FileEntry[], order: SortOrder): FileEntry[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
    const primary = order.key === 'name' || (order.key === 'size' && a.isDirectory) ? 0 : compareBy(order.key, a, b);
    return sign * (primary || collator.compare(a.filename, b.filename) || (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  });
}

/** Whether a stored value is a sort order. */
export function isSortOrder(value: unknown): value is SortOrder {
  const v = value as SortOrder | null;
  return typeof v === 'object' && v !== null && (SORT_KEYS as readonly string[]).includes(v.key) && (v.direction === 'asc' || v.direction === 'desc');
}
