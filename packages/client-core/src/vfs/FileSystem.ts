/** A file or directory as the filesystem lists it (docs/behaviour/files.md#file-entries). `path` has the 'name:/path' form. */
export interface FileEntry {
  isDirectory: boolean;
  isFile: boolean;
  mime: string;
  size: number;
  /** `size` for people (humanFileSize). */
  humanSize: string;
  path: string;
  filename: string;
  label?: string;
  stat?: Record<string, unknown>;
  id?: string;
  parent_id?: string;
  icon?: string;
}

/** A mounted (or mountable) filesystem (docs/behaviour/files.md#mountpoints). `root` is its top directory, e.g. 'home:/'. */
export interface Mountpoint {
  name: string;
  label: string;
  root: string;
  adapter: string;
  enabled: boolean;
  mounted: boolean;
  attributes: { visibility: 'global' | 'restricted'; local: boolean; searchable: boolean; readOnly: boolean };
}

/** Mime type given to directories. */
export const DIRECTORY_MIME = 'inode/directory';

/**
 * What the client needs from a filesystem: the mountpoints and reading.
 * Paths have the 'name:/path' form; a malformed one rejects with the text of
 * docs/behaviour/files.md#paths. The HTTP client (/vfs/{operation}) and MemoryFileSystem implement it.
 */
export interface FileSystem {
  mountpoints(): Promise<Mountpoint[]>;
  /** The entries of a directory. */
  readdir(path: string): Promise<FileEntry[]>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FileEntry>;
}
