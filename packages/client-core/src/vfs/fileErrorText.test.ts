import { fileErrorText } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { FileSystemError } from './FileSystemError.js';

const german: Record<string, string> = {
  'vfs.error.readOnly': "Das Dateisystem '{{name}}' ist schreibgeschützt",
  'vfs.error.invalidName': "'{{name}}' ist kein gültiger Name: {{rule}}",
  'vfs.nameRule.separator': 'ein Name darf weder / noch \\ enthalten',
};
const t = (key: string, vars?: Record<string, unknown>) =>
  (german[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

describe('fileErrorText', () => {
  it("reads a filesystem failure in the user's language with its parameters", () => {
    expect(fileErrorText(new FileSystemError('readOnly', { name: 'documents' }), t)).toBe("Das Dateisystem 'documents' ist schreibgeschützt");
  });

  it('translates the broken name rule, given as its English text as the server sends it', () => {
    const error = new FileSystemError('invalidName', { name: 'a/b', rule: 'a name cannot contain / or \\' });
    expect(fileErrorText(error, t)).toBe("'a/b' ist kein gültiger Name: ein Name darf weder / noch \\ enthalten");
  });

  it('keeps the English message when the catalogue has no text, and reads other errors by their message', () => {
    expect(fileErrorText(new FileSystemError('quotaExceeded', { quota: '10.0 GiB' }), t)).toMatch(/^Your storage space of 10.0 GiB is full/);
    expect(fileErrorText(new Error('Network request failed'), t)).toBe('Network request failed');
    expect(fileErrorText('offline', t)).toBe('offline');
  });
});
