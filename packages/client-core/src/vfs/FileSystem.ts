/**
 * The filesystem types are the SDK's (applications read files through the
 * same interface the desktop's dialogs use); client-core implements them.
 */
export type { FileEntry, FileSystem, FileSystemChange, Mountpoint, ReadTypes, UploadProgress, WriteOptions } from '@atrium/sdk';
export { DIRECTORY_MIME } from '@atrium/shared';
