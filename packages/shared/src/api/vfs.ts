export * from '../rules/vfsErrors.js';

/**
 * The virtual filesystem's calls (docs/API.md, "Files"; rules in
 * docs/behaviour/files.md): /vfs/{operation} for the eleven operations,
 * GET /vfs/mountpoints for the caller's mountpoints, and GET
 * {api}/file/{id}/data for a file's content by id. One definition for the
 * client that sends them and the server that checks them.
 *
 * Answers are envelopes like the rest of the API: `data` holds what the
 * operation returns (entries, a boolean, a byte count). Failures are error
 * envelopes whose `code` is one of VFS_ERROR_CODES and whose `params` fill
 * the placeholders of the text (the client translates `code` with them).
 */

/** The eleven operations. */
export const VFS_OPERATIONS = ['readdir', 'readfile', 'writefile', 'copy', 'rename', 'mkdir', 'unlink', 'exists', 'stat', 'search', 'touch'] as const;
export type VfsOperation = (typeof VFS_OPERATIONS)[number];
/** The operations sent with GET (their body is the query string); the others are POST. */
export const VFS_GET_OPERATIONS: readonly VfsOperation[] = ['exists', 'stat', 'readdir', 'readfile'];

/**
 * The desktop socket's message after a change (docs/API.md, "Files"):
 * params `{directories}`, the 'name:/path' of each directory whose listing
 * changed, sent to the users who can see it (the writer's other tabs too).
 */
export const VFS_CHANGED_MESSAGE = 'vfs:changed';
// Its params (VfsChangedParams) are in the socket contract, sockets/messages.ts.

// ---- Limits (docs/behaviour/limits.md, "Files") ----

/** Longest path (the whole 'name:/path'), in characters. */
export const VFS_PATH_MAX_LENGTH = 4096;
/** Deepest nesting of directories below a mountpoint's root. */
export const VFS_MAX_DEPTH = 64;
/** Longest search pattern. */
export const VFS_PATTERN_MAX_LENGTH = 200;
/** Most results one search answers. */
export const VFS_SEARCH_MAX_RESULTS = 200;
/** Most entries a readdir answers (a larger folder answers its first ones, sorted). */
export const VFS_READDIR_MAX_ENTRIES = 50_000;

// ---- What the server answers ----

/** Attributes of a mountpoint (docs/behaviour/files.md#mountpoints). */
export interface VfsMountpointAttributes {
  visibility: 'global' | 'restricted';
  local: boolean;
  searchable: boolean;
  readOnly: boolean;
}

/**
 * The English labels of the built-in mountpoints ({organisation}: the
 * organisation's name). A client shows them in the user's language
 * (`vfs.mount.<name>`); a label an operator changed is shown as it is.
 */
export const VFS_BUILTIN_MOUNT_LABELS: Readonly<Record<'home' | 'shared' | 'documents' | 'records', string>> = {
  home: 'Home',
  shared: 'Shared – {organisation}',
  documents: 'Documents – {organisation}',
  records: 'Records – {organisation}',
};

/** A mountpoint as GET /vfs/mountpoints answers it. `root` is its top directory, e.g. 'home:/'. */
export interface VfsMountpoint {
  name: string;
  /** In English; a client translates it from `name` (and `organisation` when the label names it). */
  label: string;
  /** The organisation's name, for the mountpoints whose label embeds it (shared, documents). */
  organisation?: string;
  root: string;
  adapter: string;
  enabled: boolean;
  mounted: boolean;
  attributes: VfsMountpointAttributes;
}

/** Times and content hash of an entry (ISO 8601 times). */
export interface VfsStat {
  created: string;
  modified: string;
  /** SHA-256 of the content, hex; absent for directories. */
  hash?: string;
}

/**
 * A file entry as the server answers it (docs/behaviour/files.md#file-entries).
 * The client adds `humanSize`. `url` (files only) is an address the browser
 * can load without a bearer token (an image's src, a download link): the
 * signed GET {api}/file/{id}/data of this caller's session.
 */
export interface VfsEntry {
  isDirectory: boolean;
  isFile: boolean;
  mime: string;
  size: number;
  path: string;
  filename: string;
  id: string;
  parent_id: string | null;
  stat: VfsStat;
  url?: string;
}

/** What each operation answers in `data`. */
export interface VfsResults {
  readdir: VfsEntry[];
  /** readfile answers the content itself, not an envelope. */
  readfile: never;
  /** The entry written. */
  writefile: VfsEntry;
  copy: VfsEntry;
  rename: VfsEntry;
  mkdir: VfsEntry;
  touch: VfsEntry;
  unlink: boolean;
  exists: boolean;
  stat: VfsEntry;
  search: VfsEntry[];
}

