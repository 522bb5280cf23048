/**
 * The filesystem's failure texts (docs/behaviour/errors.md#files) and the
 * rule for names of files and directories (docs/behaviour/files.md#names),
 * used by the client before sending and by the server before storing.
 */

/**
 * code -> English text with {placeholders}. 'vfs.' + the code is the error
 * envelope's `code` and the client's i18n key is `vfs.error.<code>`; the
 * first five are the specification's texts.
 */
export const VFS_ERRORS = {
  filesystemNotFound: "Filesystem '{name}' not found",
  filesystemNotFoundFor: "Filesystem not found for '{path}'",
  notMounted: "Filesystem '{name}' not mounted",
  alreadyMounted: "Filesystem '{name}' already mounted",
  pathMismatch: "Given path '{path}' does not match 'name:/path'",
  notFound: "'{path}' does not exist",
  notADirectory: "'{path}' is not a directory",
  isADirectory: "'{path}' is a directory",
  alreadyExists: "'{path}' already exists",
  readOnly: "Filesystem '{name}' is read-only",
  notSearchable: "Filesystem '{name}' is not searchable",
  invalidName: "'{name}' is not a valid name: {rule}",
  outsideMount: "'{path}' leaves its filesystem",
  intoItself: "Cannot move or copy '{from}' into itself",
  rootImmutable: "The top folder of '{name}' cannot be changed",
  tooDeep: "'{path}' is nested too deeply",
  quotaExceeded: 'Your storage space of {quota} is full: delete files you no longer need, or ask your administrator for more space',
  tooLarge: 'The file is larger than the upload limit of {limit}',
  diskFull: 'The server does not have enough free disk space for this file: ask your administrator',
  uploadMissing: 'No file was uploaded: send the content in the field named upload',
  uploadAborted: 'The upload was interrupted before it finished: nothing was saved',
  rangeNotSatisfiable: 'The requested range is outside the file',
} as const;
export type VfsErrorCode = keyof typeof VFS_ERRORS;

/** Fills a filesystem text's placeholders; unknown placeholders stay as they are. */
export function vfsErrorText(code: VfsErrorCode, params: Readonly<Record<string, string>> = {}): string {
  return VFS_ERRORS[code].replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? (params[key] as string) : whole));
}

/** The error envelope of a filesystem failure. */
export interface VfsErrorEnvelope {
  status: 'error';
  message: string;
  /** 'vfs.' + a VfsErrorCode. */
  code: `vfs.${VfsErrorCode}`;
  params: Record<string, string>;
}

/** Longest file or directory name, in characters. */
export const VFS_NAME_MAX_LENGTH = 255;

/** The name rules: rule -> English text ({rule} of invalidName; the client's i18n key is `vfs.nameRule.<rule>`). */
export const VFS_NAME_RULES = {
  empty: 'a name cannot be empty',
  dots: "'.' and '..' are not names",
  separator: 'a name cannot contain / or \\',
  control: 'a name cannot contain control characters',
  bidi: 'a name cannot contain characters that change the direction of the text around them',
  lookalike: 'a name cannot contain characters that look like / or \\',
  spaces: 'a name cannot start or end with a space',
  length: `a name can have at most ${VFS_NAME_MAX_LENGTH} characters`,
  reserved: 'the name is reserved by Windows (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9)',
  unstorable: 'a name cannot contain unpaired surrogate characters',
} as const;
export type VfsNameRule = keyof typeof VFS_NAME_RULES;

/**
 * Characters that change the direction of the text around them, so that a
 * name reads otherwise than it is ('invoice\u202Efdp.exe' shows as
 * 'invoiceexe.pdf'): the embeddings and overrides U+202A to U+202E, the
 * isolates U+2066 to U+2069, and the marks LRM U+200E, RLM U+200F and
 * ALM U+061C.
 */
export const VFS_BIDI_CHARACTERS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'] as const;

/**
 * Characters drawn like '/' or '\\' whose only use is to look like one
 * (docs/behaviour/files.md#names): '..\uFF0F..\uFF0Folivia.txt' reads like a path. They are the
 * symbols and punctuation among Unicode's confusables of the two
 * separators, and their fullwidth and small forms. Letters, ideographs and
 * strokes that resemble one (katakana ノ, CJK 丿 and 丶, Coptic Ⳇ) are words
 * in their languages and stay allowed, as do combining overlays (macOS
 * spells '≠' as '=' and U+0338).
 */
export const VFS_LOOKALIKE_SEPARATORS = [
  // like '/'
  '\u2044', // fraction slash
  '\u2215', // division slash
  '\u2571', // box drawings light diagonal upper right to lower left
  '\u27cb', // mathematical rising diagonal
  '\u29f8', // big solidus
  '\uff0f', // fullwidth solidus
  '\u{1d23a}', // Greek instrumental notation symbol-47
  '\u1735', // Philippine single punctuation (drawn as a plain slash)
  // like '\\'
  '\u2216', // set minus
  '\u2572', // box drawings light diagonal upper left to lower right
  '\u27cd', // mathematical falling diagonal
  '\u29f5', // reverse solidus operator
  '\u29f9', // big reverse solidus
  '\ufe68', // small reverse solidus
  '\uff3c', // fullwidth reverse solidus
  '\u{1d20f}', // Greek vocal notation symbol-16
  '\u{1d23b}', // Greek instrumental notation symbol-48
] as const;

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const BIDI = new RegExp(`[${VFS_BIDI_CHARACTERS.join('')}]`, 'u');
const LOOKALIKE = new RegExp(`[${VFS_LOOKALIKE_SEPARATORS.join('')}]`, 'u');

/**
 * The rule a file or directory name breaks, or null when it is a valid name.
 *
 * `use` is 'new' (the default) for a name a call makes or writes to
 * (mkdir, touch, writefile, the target of copy and rename): every rule.
 * 'existing' is for the names along a path that is looked up: the rules
 * against misleading names (bidi, lookalike) came after names breaking them
 * could be stored, so such entries can still be found, read, renamed to a
 * valid name and deleted.
 */
export function vfsNameRuleBroken(name: string, use: 'new' | 'existing' = 'new'): VfsNameRule | null {
  if (typeof name !== 'string' || name.length === 0) return 'empty';
  if (name === '.' || name === '..') return 'dots';
  if (name.includes('/') || name.includes('\\')) return 'separator';
  if (CONTROL.test(name)) return 'control';
  if (SURROGATE.test(name)) return 'unstorable';
  if (use === 'new' && BIDI.test(name)) return 'bidi';
  if (use === 'new' && LOOKALIKE.test(name)) return 'lookalike';
  if (name.trim() !== name) return 'spaces';
  if ([...name].length > VFS_NAME_MAX_LENGTH) return 'length';
  if (RESERVED.test(name)) return 'reserved';
  return null;
}
