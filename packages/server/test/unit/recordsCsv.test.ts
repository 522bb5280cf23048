import { AppDeclaration, type AppDeclarationInput } from '@atrium/shared/apps';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvColumns, csvText, csvValue, guardCell, parseCsv, unguardCell, writeCsv } from '../../src/records/recordsCsv.js';

const input: AppDeclarationInput = {
  name: 'Assets',
  version: '1',
  label: { en_EN: 'Assets' },
  category: 'organization',
  entities: {
    asset: {
      label: { en_EN: 'Asset' },
      pluralLabel: { en_EN: 'Assets' },
      naming: { series: 'A-{###}' },
      titleField: 'title',
      fields: {
        title: { type: 'text', label: { en_EN: 'Title', de_DE: 'Titel', zh_CN: '标题' } },
        tags: { type: 'multiChoice', label: { en_EN: 'Tags' }, choices: [{ value: 'new', label: { en_EN: 'New', de_DE: 'Neu' } }, { value: 'old', label: { en_EN: 'Old' } }] },
        price: { type: 'decimal', label: { en_EN: 'Price' } },
        active: { type: 'boolean', label: { en_EN: 'Active' } },
        keeper: { type: 'user', label: { en_EN: 'Keeper' } },
      },
      rights: { everyone: { actions: ['read'] } },
    },
  },
};
const entity = AppDeclaration.parse(input).entities.asset!;

describe('the CSV form of records', () => {
  it('reads back every table it writes, whatever the cells hold', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', '中', ',', '"', '\r', '\n', '\r\n', ' ', '=', '+', '-', '@', '\t', "'", '1') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        // A row of one empty cell is a blank line, which a reader skips: every row here has two cells at least.
        expect(parseCsv(writeCsv(rows)).map((row) => row.map(unguardCell))).toEqual(rows);
      }),
    );
  });

  it('quotes cells with commas, quotes or line breaks, starts with a byte order mark and ends rows with CRLF', () => {
    expect(writeCsv([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe('\ufeff"a,b","say ""hi""","two\nlines",plain\r\n');
  });

  it('writes a cell a spreadsheet would run as a formula behind a quote', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(guardCell(text)).toBe(`'${text}`);
    expect(guardCell("'quoted")).toBe("'quoted");
    // A cell that looks guarded already gets one quote more, so that it reads back as it was.
    expect(guardCell("'=1")).toBe("''=1");
    expect(unguardCell("''=1")).toBe("'=1");
    expect(unguardCell("'quoted")).toBe("'quoted");
  });

  it('refuses a quote never closed, and one in the middle of a cell, naming the row', () => {
    expect(() => parseCsv('a\r\n"b')).toThrow(expect.objectContaining({ problem: 'unclosedQuote', params: { row: '2' } }));
    expect(() => parseCsv('a\nb"c')).toThrow(expect.objectContaining({ problem: 'strayQuote', params: { row: '2' } }));
    expect(() => parseCsv('"a"b')).toThrow(expect.objectContaining({ problem: 'strayQuote' }));
  });

  it('reads LF line ends, skips blank lines and drops the byte order mark', () => {
    expect(parseCsv('\ufeffa,b\n\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('writes values as text and reads them back to the same values', () => {
    const usernames = new Map([['u-1', 'ada']]);
    const userIds = new Map([['ada', 'u-1']]);
    const values = { title: 'Desk', tags: ['new', 'old'], price: -12.5, active: false, keeper: 'u-1' };
    for (const [key, value] of Object.entries(values)) {
      const text = csvText(entity.fields[key]!, value, { usernames });
      expect(csvValue(entity.fields[key]!, guardCell(text), userIds)).toEqual(value);
    }
    expect(csvText(entity.fields.tags!, ['new', 'old'], { usernames })).toBe('new;old');
    // Labels in any language, case ignored; yes and no as words.
    expect(csvValue(entity.fields.tags!, 'neu; Old', userIds)).toEqual(['new', 'old']);
    expect(csvValue(entity.fields.active!, 'Yes', userIds)).toBe(true);
    expect(csvValue(entity.fields.price!, '1,5', userIds)).toBe('1,5');
    expect(csvValue(entity.fields.keeper!, 'ADA', userIds)).toBe('u-1');
  });

  it('maps a header to fields by key or label in any language, leaving out the name column', () => {
    expect(csvColumns(entity, ['Kennung', 'titel', ' Price ', 'KEEPER', 'tags'], Object.keys(entity.fields))).toEqual([null, 'title', 'price', 'keeper', 'tags']);
    expect(csvColumns(entity, ['标题'], Object.keys(entity.fields))).toEqual(['title']);
    expect(() => csvColumns(entity, ['Title', 'Price'], ['title'])).toThrow(expect.objectContaining({ problem: 'unknownColumn', params: { column: 'Price' } }));
    expect(() => csvColumns(entity, ['Title', 'Titel'], ['title'])).toThrow(expect.objectContaining({ problem: 'duplicateColumn' }));
  });
});
