/**
 * The CSV form of records (docs/behaviour/records.md#export-and-import):
 * RFC 4180 text (comma separated, fields with a comma, quote or line break
 * quoted, quotes doubled, CRLF line ends, UTF-8 with a byte order mark),
 * one header row of the fields' English labels, and each value as text that
 * import reads back: a choice by its value key, several choices joined by
 * `;`, a person by username, a linked record by its name, dates and moments
 * in ISO form, yes/no as `true`/`false`. Child tables and files are left
 * out. A cell that a spreadsheet would run as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) is written behind a `'`, which
 * import takes off again.
 */
import { labelOf, type Entity, type Field } from '@atrium/shared/apps';
import { LOCALES } from '@atrium/shared';

/** Why a text is not CSV that a list can import: a key the client translates, and the English reason. */
export class CsvProblem extends Error {
  constructor(
    readonly problem: 'noHeader' | 'unclosedQuote' | 'strayQuote' | 'tooManyCells' | 'unknownColumn' | 'duplicateColumn' | 'noRows',
    message: string,
    readonly params: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'CsvProblem';
  }
}

const BOM = '\ufeff';
/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A list of choices in one cell. */
export const CSV_LIST_SEPARATOR = ';';

/** Field types a CSV holds (tables and attachments have no text form). */
export function isCsvField(field: Field): boolean {
  return field.type !== 'table' && field.type !== 'file';
}

/** A cell's text made safe from spreadsheets' formulas. */
export function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text of a guarded cell as it was written. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: a byte order mark first, CRLF after every row, every cell guarded and quoted as needed. */
export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
  return BOM + rows.map((row) => row.map((cell) => quoted(guardCell(cell))).join(',') + '\r\n').join('');
}

/**
 * CSV text as rows of cells (RFC 4180; a leading byte order mark is
 * dropped; LF or CRLF line ends; blank lines skipped). A quote that is never
 * closed, or one inside an unquoted cell, is a CsvProblem naming the row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quotedCell = false;
  let i = text.startsWith(BOM) ? 1 : 0;
  let rowStart = true;
  const endRow = () => {
    row.push(cell);
    if (!(row.length === 1 && row[0] === '' && !quotedCell)) rows.push(row);
    row = [];
    cell = '';
    quotedCell = false;
    rowStart = true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && cell === '' && !quotedCell) {
      // A quoted cell: up to the quote not followed by another.
      quotedCell = true;
      rowStart = false;
      i++;
      for (;;) {
        const end = text.indexOf('"', i);
        if (end < 0) throw new CsvProblem('unclosedQuote', `a quote opened on row ${rows.length + 1} is never closed`, { row: String(rows.length + 1) });
        cell += text.slice(i, end);
        if (text[end + 1] === '"') {
          cell += '"';
          i = end + 2;
        } else {
          i = end + 1;
          break;
        }
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvProblem('strayQuote', `row ${rows.length + 1} has text after a quoted cell`, { row: String(rows.length + 1) });
      continue;
    }
    if (c === ',') {
      row.push(cell);
      cell = '';
      quotedCell = false;
      rowStart = false;
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else {
      if (c === '"' || quotedCell) throw new CsvProblem('strayQuote', `row ${rows.length + 1} has a quote inside a cell that does not start with one`, { row: String(rows.length + 1) });
      cell += c;
      rowStart = false;
    }
    i++;
  }
  if (!rowStart || cell !== '' || row.length > 0) endRow();
  return rows;
}

/** The people and their usernames a CSV names. */
export interface CsvPeople {
  /** Username by user id (export). */
  usernames: ReadonlyMap<string, string>;
}

/** A value as a CSV cell's text (before guarding). */
export function csvText(field: Field, value: unknown, people: CsvPeople): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'multiChoice':
      return Array.isArray(value) ? value.map(String).join(CSV_LIST_SEPARATOR) : '';
    case 'user':
      return people.usernames.get(String(value)) ?? '';
    case 'boolean':
      return value === true ? 'true' : value === false ? 'false' : '';
    case 'table':
    case 'file':
      return '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  }
}

const YES = new Set(['true', 'yes', '1', 'y', 'x']);
const NO = new Set(['false', 'no', '0', 'n']);

/** A choice's value key from a cell: the key itself, or a label in any locale (case and surrounding spaces ignored). */
function choiceKey(field: Extract<Field, { type: 'choice' | 'multiChoice' }>, text: string): string {
  const wanted = text.trim();
  const byKey = field.choices.find((c) => c.value === wanted);
  if (byKey) return byKey.value;
  const lower = wanted.toLowerCase();
  const byLabel = field.choices.find((c) => LOCALES.some((l) => c.label[l]?.trim().toLowerCase() === lower));
  // An unknown choice stays as written: the value check names it.
  return byLabel ? byLabel.value : wanted;
}

/**
 * A cell's text as the value the record check reads: blank is no value;
 * numbers, yes/no and choices read back; a person by username (`userIds`:
 * user id by lower-case username; someone unknown stays as written, and
 * the check finds no such member). Anything that does not read keeps its
 * text, so that the check names its problem as a form's would.
 */
export function csvValue(field: Field, cell: string, userIds: ReadonlyMap<string, string>): unknown {
  const text = unguardCell(cell);
  if (text.trim() === '') return null;
  switch (field.type) {
    case 'number':
    case 'decimal':
    case 'percent':
    case 'duration':
    case 'rating': {
      const n = Number(text.trim());
      return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim()) && Number.isFinite(n) ? n : text;
    }
    case 'boolean': {
      const lower = text.trim().toLowerCase();
      return YES.has(lower) ? true : NO.has(lower) ? false : text;
    }
    case 'choice':
      return choiceKey(field, text);
    case 'multiChoice':
      return text
        .split(CSV_LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => choiceKey(field, part));
    case 'user':
      return userIds.get(text.trim().toLowerCase()) ?? text.trim();
    case 'date':
    case 'datetime':
      return text.trim();
    default:
      return text;
  }
}

/** The header of an export: each column's English label (`name` for the record's name). */
export function csvHeader(entity: Entity, columns: readonly string[]): string[] {
  return columns.map((key) => (key === 'name' ? 'Name' : labelOf(entity.fields[key]!.label, 'en_EN')));
}

/** The record's name column as Records titles it in each language. */
const NAME_LABELS: Readonly<Record<(typeof LOCALES)[number], string>> = { en_EN: 'Name', de_DE: 'Kennung', fr_FR: 'Identifiant', nb_NO: 'Nummer', sl_SI: 'Oznaka', vi_VN: 'Mã', zh_CN: '编号' };
/** The name column's titles: the record's name is never imported (names come from the entity's naming rule). */
const NAME_TITLES = new Set(['name', ...LOCALES.map((l) => NAME_LABELS[l].toLowerCase())]);

/**
 * The field each column of an import's header names, by key or by label in
 * any locale (case and spaces ignored), among `fields` (those the caller
 * may fill). The record's name column gives null (ignored). A column that
 * names no such field, or a field named twice, is a CsvProblem.
 */
export function csvColumns(entity: Entity, header: readonly string[], fields: readonly string[]): Array<string | null> {
  const byTitle = new Map<string, string>();
  for (const key of fields) {
    const field = entity.fields[key]!;
    byTitle.set(key.toLowerCase(), key);
    for (const locale of LOCALES) {
      const label = field.label[locale];
      if (label !== undefined && !byTitle.has(label.trim().toLowerCase())) byTitle.set(label.trim().toLowerCase(), key);
    }
  }
  const seen = new Set<string>();
  return header.map((title) => {
    const wanted = title.trim().toLowerCase();
    const key = byTitle.get(wanted);
    if (key === undefined) {
      if (NAME_TITLES.has(wanted)) return null;
      throw new CsvProblem('unknownColumn', `the column “${title}” names no field of this list`, { column: title });
    }
    if (seen.has(key)) throw new CsvProblem('duplicateColumn', `the field “${title}” has two columns`, { column: title });
    seen.add(key);
    return key;
  });
}
