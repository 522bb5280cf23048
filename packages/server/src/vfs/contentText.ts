/**
 * The text of text-like files, for global search (docs/behaviour/search.md#files):
 * which files have one, what of it is indexed and kept for snippets, and
 * the start-up pass that indexes files written before contents were.
 */
import type { Log } from '../logger.js';
import type { StoredBlob, VfsBlobStore } from './VfsBlobStore.js';
import type { NodeContent, VfsStore } from './VfsStore.js';

/** Largest file whose content is indexed; larger ones are found by name only. */
export const VFS_CONTENT_INDEX_MAX_BYTES = 1024 * 1024;
/** Characters of a file's text kept for snippets. */
export const VFS_CONTENT_SNIPPET_CHARS = 64 * 1024;
/**
 * Bytes of distinct words given to the database for one file. PostgreSQL
 * refuses a full-text document over 1 MiB, and each word costs its bytes
 * and about a dozen more there.
 */
const INDEX_BUDGET_BYTES = 768 * 1024;
const WORD_OVERHEAD_BYTES = 12;
/** Longest word indexed (the same bound as a query's words, db/fullText.ts). */
const MAX_WORD_LENGTH = 100;

/**
 * The word of a mount instance in every content document (docs/behaviour/search.md#rights):
 * '#home:<user id>', '#shared:<organisation id>'. A search asks for the
 * caller's instances' words beside the query's, so the index itself keeps
 * to the caller's files; no word of a query can match it (query words are
 * letters and digits only).
 */
export function instanceLexeme(mount: string, scope: string): string {
  return `#${mount}:${scope}`;
}

/** A lexeme quoted for the text form of a tsvector or a tsquery. */
export function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Whether files of a type have text worth searching: text/*, JSON, XML and JavaScript. */
export function isTextLike(mime: string): boolean {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return (
    base.startsWith('text/') ||
    /^application\/(json|xml|javascript|ecmascript|x-ndjson|yaml|x-yaml|toml|sql|x-sh)$/.test(base) ||
    /^application\/[^/]+\+(json|xml)$/.test(base)
  );
}

/** Whether a file's content is indexed when it is written. */
export function isIndexable(mime: string, size: number): boolean {
  return size > 0 && size <= VFS_CONTENT_INDEX_MAX_BYTES && isTextLike(mime);
}

/**
 * A file's bytes as text to index: decoded as UTF-8 with a leading BOM
 * dropped; invalid sequences, NUL characters and the two highlight
 * characters replaced by spaces (they separate words).
 */
export function contentText(bytes: Uint8Array): NodeContent {
  const decoded = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  // NUL cannot be stored, and the highlight characters must only ever mark matches (shared api/search.ts).
  // eslint-disable-next-line no-control-regex -- NUL is exactly what must go
  const text = decoded.replace(/[\u0000\uFFFD\uE000\uE001]/g, ' ');
  const words: string[] = [];
  const seen = new Set<string>();
  let budget = INDEX_BUDGET_BYTES;
  // The same words as a query's (db/fullText.ts searchWords): runs of letters, digits and marks, in NFC, lower-case.
  for (const match of text.normalize('NFC').toLowerCase().matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = match[0].slice(0, MAX_WORD_LENGTH).replace(/[\ud800-\udbff]$/, '');
    if (seen.has(word)) continue;
    const cost = Buffer.byteLength(word) + WORD_OVERHEAD_BYTES;
    if (cost > budget) break;
    budget -= cost;
    seen.add(word);
    words.push(word);
  }
  let snippetText = text.length > VFS_CONTENT_SNIPPET_CHARS ? text.slice(0, VFS_CONTENT_SNIPPET_CHARS) : text;
  // Never end on half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(snippetText)) snippetText = snippetText.slice(0, -1);
  return { words: words.join(' '), snippetText };
}

/**
 * What search keeps of a stored content: the text of a text-like file of at
 * most 1 MiB, read back from the blob store (just written, so from the
 * disk's cache); null for anything else.
 */
export async function readIndexedContent(blobs: VfsBlobStore, blob: Pick<StoredBlob, 'key' | 'size'>, mime: string): Promise<NodeContent | null> {
  if (!isIndexable(mime, blob.size)) return null;
  const stream = await blobs.read(blob.key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > VFS_CONTENT_INDEX_MAX_BYTES) {
      stream.destroy();
      return null;
    }
  }
  return contentText(Buffer.concat(chunks));
}

/**
 * Indexes the contents of text-like files that have no content record (written
 * before contents were indexed), a batch at a time; run in the background
 * after start. Logged with the count when there was any. Returns the count.
 */
export async function indexUnindexedContents(store: VfsStore, blobs: VfsBlobStore, log: Log, batch = 200): Promise<number> {
  let after: string | null = null;
  let indexed = 0;
  for (;;) {
    const nodes = await store.unindexedFiles(after, VFS_CONTENT_INDEX_MAX_BYTES, batch);
    for (const node of nodes) {
      if (!node.blobKey) continue;
      const content = await readIndexedContent(blobs, { key: node.blobKey, size: node.size }, node.mime).catch(() => null);
      if (!content) continue;
      // A file deleted meanwhile is skipped: the foreign key refuses its content record.
      if (await store.setContent(node.id, content).then(() => true, () => false)) indexed++;
    }
    if (nodes.length < batch) break;
    after = nodes.at(-1)!.id;
  }
  if (indexed > 0) log.info({ event: 'vfs.contents-indexed', files: indexed }, 'file contents indexed for search');
  return indexed;
}
