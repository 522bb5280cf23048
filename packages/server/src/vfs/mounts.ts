import { z } from 'zod';
import { VFS_BUILTIN_MOUNT_LABELS } from '@atrium/shared';

/** Whose files a mountpoint holds: each user's own, each organisation's, or one set for everybody. */
export type MountScope = 'user' | 'organisation' | 'global';

/** A mountpoint as declared (built in, or by an operator in VFS_MOUNTS): docs/behaviour/files.md#mountpoints. */
export interface MountDefinition {
  name: string;
  /** Shown in the file chooser and the Files application; '{organisation}' is replaced by the organisation's name. */
  label: string;
  scope: MountScope;
  readOnly: boolean;
  searchable: boolean;
  visibility: 'global' | 'restricted';
  /** A disabled mountpoint is listed as not mounted, and its paths answer *Filesystem '{name}' not mounted*. */
  enabled: boolean;
}

/** The mountpoint of records' attachments (docs/behaviour/records.md#attachments). */
export const RECORDS_MOUNT = 'records';

/** The mountpoints every installation has. */
export const BUILTIN_MOUNTS: readonly MountDefinition[] = [
  { name: 'home', label: VFS_BUILTIN_MOUNT_LABELS.home, scope: 'user', readOnly: false, searchable: true, visibility: 'global', enabled: true },
  { name: 'shared', label: VFS_BUILTIN_MOUNT_LABELS.shared, scope: 'organisation', readOnly: false, searchable: true, visibility: 'global', enabled: true },
  { name: 'documents', label: VFS_BUILTIN_MOUNT_LABELS.documents, scope: 'organisation', readOnly: true, searchable: true, visibility: 'restricted', enabled: true },
  // The files of records' file fields: written by the records service only, each path readable by who may read its record (VfsGuards.ts).
  { name: RECORDS_MOUNT, label: VFS_BUILTIN_MOUNT_LABELS.records, scope: 'organisation', readOnly: true, searchable: false, visibility: 'restricted', enabled: true },
];

const MountEntry = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -'),
    label: z.string().min(1).max(100).optional(),
    scope: z.enum(['user', 'organisation', 'global']).optional(),
    readOnly: z.boolean().optional(),
    searchable: z.boolean().optional(),
    visibility: z.enum(['global', 'restricted']).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/**
 * The mountpoints of an installation: the built-in ones, changed or joined
 * by the entries of VFS_MOUNTS (a JSON array). An entry naming a built-in
 * mountpoint changes only the attributes it gives (`{"name":"documents",
 * "enabled":false}`); a new one needs a label and a scope. Returns the list,
 * or an error text for the configuration message.
 */
export function parseMounts(text: string | undefined): { ok: true; value: MountDefinition[] } | { ok: false; error: string } {
  const mounts = BUILTIN_MOUNTS.map((m) => ({ ...m }));
  if (text === undefined || text.trim() === '') return { ok: true, value: mounts };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'must be a JSON array of mountpoints' };
  }
  const parsed = z.array(MountEntry).safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ') };
  }
  for (const entry of parsed.data) {
    const existing = mounts.find((m) => m.name === entry.name);
    if (existing) {
      Object.assign(existing, Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)));
      // Records' files are written by the records service alone, whatever the configuration says.
      if (existing.name === RECORDS_MOUNT) existing.readOnly = true;
      continue;
    }
    if (!entry.label || !entry.scope) return { ok: false, error: `${entry.name}: a new mountpoint needs a label and a scope` };
    mounts.push({
      name: entry.name,
      label: entry.label,
      scope: entry.scope,
      readOnly: entry.readOnly ?? false,
      searchable: entry.searchable ?? true,
      visibility: entry.visibility ?? 'global',
      enabled: entry.enabled ?? true,
    });
  }
  return { ok: true, value: mounts };
}
