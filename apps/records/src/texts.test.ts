import { describeTexts } from '@atrium/app-kit/testing';
import { RecordMessages, VALUE_PROBLEMS } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { RECORDS_TEXTS } from './texts.js';

describeTexts('records', RECORDS_TEXTS, { sameWordIn: { 'records.list.pages': ['fr_FR'] } });

describe('records texts', () => {
  it('say every problem of the shared value check and every refusal of the records calls', () => {
    const { records } = RECORDS_TEXTS.english;
    expect(Object.keys(records.problem).sort()).toEqual([...VALUE_PROBLEMS].sort());
    for (const code of Object.keys(RecordMessages)) expect(Object.keys(records.error)).toContain(code);
  });

  it("say the refusals in the server's words, with the placeholders the client fills", () => {
    const { error } = RECORDS_TEXTS.english.records;
    for (const [code, text] of Object.entries(RecordMessages)) expect(error[code as keyof typeof error]).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
  });
});
