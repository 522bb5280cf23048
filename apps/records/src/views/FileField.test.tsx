import type { UploadOptions } from '@atrium/sdk';
import type { RecordDetail } from '@atrium/shared/apps';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileUploads } from '../model/FileUploads.js';
import { RecordsFailure } from '../model/RecordsApi.js';
import { FileField, type FileFieldProps } from './FileField.js';
import { renderView } from './testRender.js';

afterEach(cleanup);

/** A file field over uploads the test answers by hand; what the field asked to open and remove. */
async function showField(props: Partial<FileFieldProps> = {}, locale?: 'de_DE') {
  const sent: Array<{ field: string; name: string; options: UploadOptions; resolve(d: RecordDetail): void; reject(e: unknown): void }> = [];
  const api = {
    upload: (_app: string, _record: string, field: string, file: File, options: UploadOptions = {}) =>
      new Promise<RecordDetail>((resolve, reject) => {
        sent.push({ field, name: file.name, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
      }),
  };
  const done: string[] = [];
  const uploads = new FileUploads({ api, done: (_d, field) => done.push(field) }, 'Leave');
  const opened: string[] = [];
  const removed: string[] = [];
  await renderView(
    <FileField
      id="f"
      fieldKey="papers"
      label="Papers"
      value={[{ id: 'f1', name: 'ticket.pdf' }]}
      record="LR-2026-00001"
      editable
      uploads={uploads}
      open={(name) => opened.push(name)}
      sizeOf={async (name) => (name === 'ticket.pdf' ? 2048 : null)}
      remove={(id) => removed.push(id)}
      {...props}
    />,
    locale,
  );
  return { sent, done, opened, removed };
}

const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('records.files.input.papers'), { target: { files } });

describe('a file field', () => {
  it('lists its files with their sizes, and opens and removes them', async () => {
    const { opened, removed } = await showField();
    expect(await screen.findByText('2.0 KiB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ticket.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: /Remove ticket\.pdf/ }));
    expect(opened).toEqual(['ticket.pdf']);
    expect(removed).toEqual(['f1']);
  });

  it('sends a chosen file at once with its progress, and can cancel it', async () => {
    const { sent, done } = await showField();
    choose(new File(['0123456789'], 'scan.png'));
    expect(sent.map((s) => [s.field, s.name])).toEqual([['papers', 'scan.png']]);
    act(() => sent[0]!.options.onProgress?.({ loaded: 4, total: 10 }));
    expect(screen.getByText('4 B of 10 B')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Sending scan.png' }) as HTMLProgressElement).value).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => undefined);
    expect(screen.queryByTestId('records.files.upload')).toBeNull();
    expect(done).toEqual([]);
  });

  it('says in the user’s language why a file was not attached', async () => {
    const { sent } = await showField({}, 'de_DE');
    choose(new File(['x'], 'big.bin'));
    await act(async () => sent[0]!.reject(new RecordsFailure('records.invalid', 'Some values are not valid', {}, { papers: { code: 'maxRows', params: { max: '1' } } }, 400)));
    expect(screen.getByRole('alert').textContent).toMatch(/^Nicht angehängt: /);
    expect(screen.getByRole('alert').textContent).not.toContain('Some values');
    fireEvent.click(screen.getByRole('button', { name: 'Ausblenden' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no Attach or Remove without the right to change it, and asks a new record to be saved first', async () => {
    await showField({ editable: false });
    expect(screen.queryByRole('button', { name: /Attach|Remove/ })).toBeNull();
    cleanup();
    await showField({ record: null, value: null });
    expect(screen.getByText('Save the record to attach files.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });
});
