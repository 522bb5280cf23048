import { useModel, useTranslation } from '@atrium/app-kit';
import { humanFileSize } from '@atrium/shared';
import { useEffect, useRef, useState, type JSX } from 'react';
import type { FileUploads } from '../model/FileUploads.js';
import { uploadFailureText } from './texts.js';

export interface FileFieldProps {
  id: string;
  fieldKey: string;
  label: string;
  value: unknown;
  /** The record's name; null while it is new (its files come once it is saved). */
  record: string | null;
  /** Whether the user may add and remove files. */
  editable: boolean;
  uploads: FileUploads;
  describedBy?: string;
  /** Opens a file of the field in the application of its type. */
  open(name: string): void;
  /** A file's size in bytes, or null when it cannot be read. */
  sizeOf(name: string): Promise<number | null>;
  remove(id: string): void;
}

/**
 * A file field (docs/behaviour/records.md#attachments): its files, each
 * opened in the application of its type or removed (the save deletes it),
 * and Attach, which sends the chosen files at once with their progress;
 * a file that could not be attached says why on its line.
 */
export function FileField({ id, fieldKey, label, value, record, editable, uploads, describedBy, open, remove, sizeOf }: FileFieldProps): JSX.Element {
  const { t } = useTranslation();
  const { uploads: all } = useModel(uploads);
  const input = useRef<HTMLInputElement>(null);
  const files = Array.isArray(value) ? (value as Array<{ id: string; name: string }>) : [];
  const sizes = useSizes(files, sizeOf);
  const mine = all.filter((u) => u.field === fieldKey);
  return (
    <div id={id} className="rec-files" role="group" aria-label={label} aria-describedby={describedBy}>
      {files.length === 0 && mine.length === 0 ? (
        <p className="rec-muted">{t('records.form.noFiles')}</p>
      ) : (
        <ul className="rec-files__list">
          {files.map((f) => (
            <li key={f.id} className="rec-files__file">
              <button type="button" className="rec-files__name" onClick={() => open(f.name)} title={t('records.files.open', { name: f.name })}>
                {f.name}
              </button>
              {sizes[f.id] !== undefined && <span className="rec-muted">{humanFileSize(sizes[f.id]!)}</span>}
              {editable && (
                <button type="button" className="rec-button rec-button--quiet" onClick={() => remove(f.id)} aria-label={t('records.files.remove', { name: f.name })}>
                  {t('records.files.removeShort')}
                </button>
              )}
            </li>
          ))}
          {mine.map((u) => (
            <li key={`upload-${u.key}`} className="rec-files__upload" data-testid="records.files.upload">
              <span>{u.name}</span>
              {u.status === 'sending' ? (
                <>
                  <progress max={u.total || 1} value={u.loaded} aria-label={t('records.files.progress', { name: u.name })} />
                  <span className="rec-muted">
                    {t('records.files.sent', { sent: humanFileSize(u.loaded), total: humanFileSize(u.total) })}
                  </span>
                  <button type="button" className="rec-button rec-button--quiet" onClick={() => uploads.cancel(u.key)}>
                    {t('records.files.cancel')}
                  </button>
                </>
              ) : (
                <>
                  <span className="atk-problem" role="alert">
                    {t('records.files.failed', { reason: u.failure ? uploadFailureText(t, u.failure) : '' })}
                  </span>
                  <button type="button" className="rec-button rec-button--quiet" onClick={() => uploads.dismiss(u.key)}>
                    {t('records.files.dismiss')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && record === null && <p className="rec-muted">{t('records.files.saveFirst')}</p>}
      {editable && record !== null && (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid={`records.files.input.${fieldKey}`}
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              e.target.value = '';
              for (const file of chosen) void uploads.send(record, fieldKey, file);
            }}
          />
          <button type="button" className="rec-button" onClick={() => input.current?.click()}>
            {t('records.files.attach')}
          </button>
        </>
      )}
    </div>
  );
}

/** The sizes of a field's files by id, read once each (a file that cannot be read shows none). */
function useSizes(files: ReadonlyArray<{ id: string; name: string }>, sizeOf: (name: string) => Promise<number | null>): Readonly<Record<string, number>> {
  const [sizes, setSizes] = useState<Record<string, number>>({});
  const wanted = files.filter((f) => sizes[f.id] === undefined);
  const key = wanted.map((f) => f.id).join(' ');
  useEffect(() => {
    let live = true;
    for (const f of wanted) {
      void sizeOf(f.name).then((size) => {
        if (live && size !== null) setSizes((known) => ({ ...known, [f.id]: size }));
      });
    }
    return () => {
      live = false;
    };
    // The files asked for are named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return sizes;
}
