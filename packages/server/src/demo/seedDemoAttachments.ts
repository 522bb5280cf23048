/**
 * The demo's attachments (apps/README.md): the evidence and the signed
 * report of the latest audits of each organisation, in their Attachments
 * field. Each file is uploaded by the audit's auditor exactly as an upload
 * from Records is (RecordFiles: their update right on the audit, their
 * storage space, the audit's folder in the organisation's `records`
 * mountpoint, a change in the audit's history), on the demo data's
 * transaction; so they are read and found as any attachment is
 * (docs/behaviour/records.md#attachments, docs/behaviour/search.md#demo-content).
 * Small PDFs made here: nothing binary is kept in the repository.
 */
import { Readable } from 'node:stream';
import type { Caller } from '../access/Caller.js';
import type { Log } from '../logger.js';
import { RecordFiles, type RecordUploadPart } from '../records/RecordFiles.js';
import { RecordService } from '../records/RecordService.js';
import type { Stores } from '../stores.js';
import { displayName } from '../users/displayName.js';
import { FileUrlSigner } from '../vfs/FileUrlSigner.js';
import { BUILTIN_MOUNTS } from '../vfs/mounts.js';
import { VfsService } from '../vfs/VfsService.js';
import { demoPdf } from './demoFiles.js';
import type { DemoOrg } from './demoRecords.js';
import type { SeededRecord } from './seedDemoApps.js';

/** The upload's log: nothing it says is kept while the demo data is written. */
const QUIET: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Audits of each organisation given files: the latest done or under way. */
const AUDITS_WITH_FILES = 4;
/** Findings of an audit given a page of evidence each. */
const EVIDENCE_PER_AUDIT = 2;

/** A file of the demo attached to a record's field. */
export interface DemoAttachment {
  field: string;
  filename: string;
  content: Buffer;
}

interface Finding {
  finding: string;
  grade: string;
  process: string;
  due: string | null;
}

/**
 * The files of one demo audit: a page of evidence for each of its first
 * findings (named by the step of the process it was found in) and, once the
 * audit is completed, its signed report.
 */
export function auditAttachments(record: Pick<SeededRecord, 'name' | 'values'>, auditorName: string): DemoAttachment[] {
  const values = record.values;
  const findings = (Array.isArray(values.findings) ? (values.findings as Finding[]) : []).slice(0, EVIDENCE_PER_AUDIT);
  const files: DemoAttachment[] = findings.map((f) => ({
    field: 'attachments',
    filename: `Evidence - ${f.process}.pdf`,
    content: demoPdf(`Evidence: ${f.process}`, [
      `Audit ${record.name}: ${String(values.title)}`,
      `Observed on ${String(values.planned)} by ${auditorName}.`,
      `Finding (${f.grade}): ${f.finding}.`,
      f.due ? `Corrective action due by ${f.due}.` : 'No corrective action set yet.',
    ]),
  }));
  if (values.status === 'completed') {
    files.push({
      field: 'attachments',
      filename: `Audit report ${record.name}.pdf`,
      content: demoPdf(`Audit report ${record.name}`, [
        String(values.title),
        `Audit date: ${String(values.planned)}. Checklist met to ${String(values.score)}%.`,
        ...(Array.isArray(values.findings) ? (values.findings as Finding[]) : []).map((f, i) => `${i + 1}. ${f.finding} (${f.grade})`),
        `Signed: ${auditorName}, auditor.`,
      ]),
    });
  }
  return files;
}

/** The audits given files: of each organisation, the latest with findings (the records come oldest first). */
export function auditsWithFiles(records: readonly SeededRecord[]): SeededRecord[] {
  const chosen: SeededRecord[] = [];
  for (const org of ['northwind', 'contoso'] as const satisfies readonly DemoOrg[]) {
    const audits = records.filter((r) => r.app === 'Audits' && r.org === org && Array.isArray(r.values.findings) && (r.values.findings as unknown[]).length > 0);
    chosen.push(...audits.slice(-AUDITS_WITH_FILES));
  }
  return chosen;
}

/**
 * Uploads the demo audits' files as their auditors (`stores`: the demo data's
 * transaction; `orgs`: the organisations' ids; `now`: the time of the upload,
 * that of the demo records). Returns how many.
 */
export async function seedDemoAttachments(stores: Stores, input: { records: readonly SeededRecord[]; orgs: Readonly<Record<DemoOrg, string>>; now: Date }): Promise<number> {
  const now = () => input.now;
  const records = new RecordService({ stores, canSeeApp: async () => true, notifyMention: async () => {}, localeOf: async () => 'en_EN', now });
  // The upload's path over this transaction's stores, with the product's own mountpoints; nothing on it logs (what fails
  // throws, and the demo data is not written). The signed addresses of the entries written are not used.
  const vfs = new VfsService(stores.vfs, stores.vfsBlobs, new FileUrlSigner('demo data', now), { mounts: BUILTIN_MOUNTS, quota: Number.MAX_SAFE_INTEGER, uploadLimit: Number.MAX_SAFE_INTEGER, apiPrefix: '', now }, QUIET);
  const files = new RecordFiles(records, vfs, QUIET);
  let count = 0;
  for (const audit of auditsWithFiles(input.records)) {
    const auditor = String(audit.values.auditor);
    const caller = await callerOf(stores, auditor, input.orgs[audit.org]);
    for (const file of auditAttachments(audit, caller.name)) {
      await files.upload(caller, 'Audits', audit.name, file.field, uploadOf(file), null);
      count += 1;
    }
  }
  return count;
}

/** A demo user acting in an organisation, as a request of theirs would be. */
async function callerOf(stores: Stores, userId: string, accountId: string): Promise<Caller> {
  const [user, facts] = await Promise.all([stores.users.findById(userId), stores.access.callerFacts(userId, accountId)]);
  if (!user || !facts.organisation) throw new Error(`the demo user ${userId} is not a member of the organisation ${accountId}`);
  return { userId, name: displayName(user), sessionId: 'demo-data', organisation: facts.organisation, roles: facts.roles, manager: facts.manager, reports: facts.reports };
}

/** An upload's form holding one file. */
async function* uploadOf(file: DemoAttachment): AsyncIterable<RecordUploadPart> {
  yield { type: 'file', fieldname: 'upload', filename: file.filename, file: Object.assign(Readable.from([file.content]), { truncated: false }) };
}
