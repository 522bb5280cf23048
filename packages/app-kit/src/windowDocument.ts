import type { Application } from '@atrium/sdk';

/**
 * What a window shows, as its application keeps it so that a restored
 * session can show it again (docs/behaviour/desktop.md#an-application-restores-its-own-document).
 */
export interface SavedDocument {
  /** The file's path ('home:/notes.txt'); null for a new document never saved to a file. */
  path: string | null;
  /** The document had changes not yet saved to its file. */
  modified: boolean;
}

/** The key of an application's own settings under which its windows' documents are kept, by window id. */
export const WINDOW_DOCUMENTS_KEY = 'windowDocuments';

/**
 * At most this many windows' documents are kept, the longest unchanged going
 * first: a window that ended without being closed (its session was replaced
 * in another browser) leaves its entry behind.
 */
export const MAX_WINDOW_DOCUMENTS = 20;

/** The document slot of one window of an application (windowDocument). */
export interface WindowDocument {
  /** The id to create the window with: the restored window's, or a new one of its own. */
  readonly windowId: string;
  /** The desktop launched the application to restore a saved session. */
  readonly restoring: boolean;
  /** What the restored window showed when the session was saved; null when nothing was kept for it (and for a launch that is no restore). */
  readonly saved: SavedDocument | null;
  /**
   * Whether the window is to be opened: always for a launch of the user's,
   * and for a restore only when there is a file to show again: a window
   * without one would come back as an empty shell.
   */
  readonly comesBack: boolean;
  /** Keeps what the window shows now (a document without a file and without changes is not kept: there is nothing to show again). */
  remember(document: SavedDocument): void;
  /** The user closed the window: nothing is to come back. */
  forget(): void;
}

type Documents = Record<string, SavedDocument>;

/** The kept documents, entries of another shape dropped. */
function documentsOf(app: Application): Documents {
  const value = app.settings.get<unknown>(WINDOW_DOCUMENTS_KEY);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const documents: Documents = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const { path, modified } = (typeof entry === 'object' && entry !== null ? entry : {}) as Partial<Record<keyof SavedDocument, unknown>>;
    if (typeof path === 'string' || path === null) documents[id] = { path, modified: modified === true };
  }
  return documents;
}

/** A window id not kept yet: the prefix and a random part, so that two windows never share a slot. */
function newWindowId(prefix: string, taken: Documents): string {
  for (;;) {
    const id = `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
    if (!Object.hasOwn(taken, id)) return id;
  }
}

/**
 * The document one window of an application shows, kept in the
 * application's own settings (`app.<name>`, key WINDOW_DOCUMENTS_KEY) by
 * the window's id: the desktop's saved session keeps each window's id but
 * never an application's launch arguments, so the id is what ties a
 * restored window to what it showed. A launch of the user's gets a new id
 * (`<prefix>-<random>`); a restore takes the id of the saved window whose id
 * is the prefix or starts with it, and what was kept for it.
 * docs/behaviour/desktop.md#an-application-restores-its-own-document
 */
export function windowDocument(app: Application, prefix: string): WindowDocument {
  const restoring = Array.isArray(app.options.restore);
  const record = restoring ? app.options.restore?.find((r) => typeof r?.id === 'string' && (r.id === prefix || r.id.startsWith(`${prefix}-`))) : undefined;
  const kept = documentsOf(app);
  const windowId = record?.id ?? newWindowId(prefix, kept);
  const saved = record && Object.hasOwn(kept, record.id) ? kept[record.id]! : null;

  const write = (change: (documents: Documents) => void) => {
    const before = documentsOf(app);
    const documents = { ...before };
    change(documents);
    const ids = Object.keys(documents);
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_WINDOW_DOCUMENTS))) delete documents[id];
    if (JSON.stringify(documents) !== JSON.stringify(before)) app.settings.set(WINDOW_DOCUMENTS_KEY, documents);
  };

  return {
    windowId,
    restoring,
    saved,
    comesBack: !restoring || typeof saved?.path === 'string',
    remember(document) {
      const current = documentsOf(app)[windowId];
      if (current && current.path === document.path && current.modified === document.modified) return;
      write((documents) => {
        delete documents[windowId];
        // The latest change last: the longest unchanged go first when there are too many.
        if (document.path !== null || document.modified) documents[windowId] = { path: document.path, modified: document.modified };
      });
    },
    forget() {
      write((documents) => void delete documents[windowId]);
    },
  };
}
