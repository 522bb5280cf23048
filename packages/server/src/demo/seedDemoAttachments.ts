/**
 * The demo's attachments (apps/README.md): the evidence and the signed
 * report of the latest audits of each organisation, a screenshot and the
 * service's log on Northwind's latest critical incidents, and the offer or
 * the signed agreement on its latest leads. Each file is uploaded by a
 * person who may change the record (the auditor, the incident's assignee or
 * reporter, the lead's owner) exactly as an upload from Records is
 * (RecordFiles: their update right on the record, their storage space, the
 * record's folder in the organisation's `records` mountpoint, a change in
 * the record's history), on the demo data's transaction; so they are read
 * and found as any attachment is (docs/behaviour/records.md#attachments,
 * docs/behaviour/search.md#demo-content). Small files made here: nothing
 * binary is kept in the repository.
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
import { demoPdf, demoPng } from './demoFiles.js';
import type { DemoOrg } from './demoRecords.js';
import type { SeededRecord } from './seedDemoApps.js';

/** The upload's log: nothing it says is kept while the demo data is written. */
const QUIET: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Audits of each organisation given files: the latest with findings. */
const AUDITS_WITH_FILES = 4;
/** Findings of an audit given a page of evidence each. */
const EVIDENCE_PER_AUDIT = 2;
/** Northwind's latest critical and high incidents given a screenshot and a log. */
const INCIDENTS_WITH_FILES = 6;
/** Northwind's latest leads with an offer out, or won, given their paper. */
const LEADS_WITH_FILES = 4;

/** A file of the demo attached to a record's field. */
export interface DemoAttachment {
  field: string;
  filename: string;
  content: Buffer;
}

/** Files to upload to one record, and who uploads them (a user id). */
export interface DemoUpload {
  record: SeededRecord;
  by: string;
  files(byName: string): DemoAttachment[];
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
  const all = Array.isArray(values.findings) ? (values.findings as Finding[]) : [];
  const files: DemoAttachment[] = all.slice(0, EVIDENCE_PER_AUDIT).map((f) => ({
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
        ...all.map((f, i) => `${i + 1}. ${f.finding} (${f.grade})`),
        `Signed: ${auditorName}, auditor.`,
      ]),
    });
  }
  return files;
}

/**
 * The files of one demo incident: a screenshot of the monitoring taken when
 * it was reported, and the service's log of the hour (a text file, found
 * by its words too).
 */
export function incidentAttachments(record: Pick<SeededRecord, 'name' | 'values'>): DemoAttachment[] {
  const values = record.values;
  const reported = new Date(String(values.reportedAt));
  const day = reported.toISOString().slice(0, 10);
  const time = (d: Date) => d.toISOString().slice(11, 19);
  const minutes = (n: number) => new Date(reported.getTime() + n * 60_000);
  const service = String(values.service);
  const log = [
    `${day}T${time(minutes(-3))}Z WARN  ${service}: response time above 2 s for 5 % of requests`,
    `${day}T${time(minutes(-1))}Z ERROR ${service}: upstream timed out after 30000 ms`,
    `${day}T${time(minutes(0))}Z ERROR ${service}: health check failed, instance taken out of rotation`,
    `${day}T${time(minutes(2))}Z INFO  ${service}: on-call paged for ${record.name}`,
    `${day}T${time(minutes(9))}Z WARN  ${service}: retrying queued requests`,
    '',
  ].join('\n');
  return [
    { field: 'attachments', filename: `Screenshot ${day} ${time(reported).slice(0, 5).replace(':', '.')}.png`, content: demoPng() },
    { field: 'attachments', filename: `${service}-${day}.log`, content: Buffer.from(log, 'utf8') },
  ];
}

/** The paper of one demo lead: the offer sent, or the agreement once won. */
export function leadAttachments(record: Pick<SeededRecord, 'name' | 'values'>, ownerName: string): DemoAttachment[] {
  const values = record.values;
  const company = String(values.company);
  const won = values.stage === 'won';
  const title = won ? 'Framework agreement' : 'Offer';
  return [
    {
      field: 'contracts',
      filename: `${title} ${company}.pdf`,
      content: demoPdf(`${title}: ${String(values.topic)}`, [
        `Northwind Trading for ${company} (${record.name}).`,
        `Value: ${String(values.value)} EUR.`,
        won ? 'Term: 24 months from signature, renewed yearly unless cancelled.' : 'Valid for 30 days.',
        `${won ? 'Signed' : 'Sent'} by ${ownerName}.`,
      ]),
    },
  ];
}

/** What the demo uploads, and to which records (the records come oldest first, as written). */
export function demoUploads(records: readonly SeededRecord[]): DemoUpload[] {
  const latest = (keep: (r: SeededRecord) => boolean, count: number) => records.filter(keep).slice(-count);
  const uploads: DemoUpload[] = [];
  for (const org of ['northwind', 'contoso'] as const satisfies readonly DemoOrg[]) {
    const audits = latest((r) => r.app === 'Audits' && r.org === org && Array.isArray(r.values.findings) && (r.values.findings as unknown[]).length > 0, AUDITS_WITH_FILES);
    uploads.push(...audits.map((r) => ({ record: r, by: String(r.values.auditor), files: (name: string) => auditAttachments(r, name) })));
  }
  const incidents = latest((r) => r.app === 'Incidents' && (r.values.severity === 'sev1' || r.values.severity === 'sev2'), INCIDENTS_WITH_FILES);
  // The assignee, else the reporter: a responder changes the incidents assigned to them or reported by them.
  uploads.push(...incidents.map((r) => ({ record: r, by: String(r.values.assignee ?? r.values.reporter), files: () => incidentAttachments(r) })));
  const leads = latest((r) => r.app === 'CRM' && r.entity === 'lead' && ['proposal', 'negotiation', 'won'].includes(String(r.values.stage)), LEADS_WITH_FILES);
  uploads.push(...leads.map((r) => ({ record: r, by: String(r.values.owner), files: (name: string) => leadAttachments(r, name) })));
  return uploads;
}

/**
 * Uploads the demo's files as the people who may change their records
 * (`stores`: the demo data's transaction; `orgs`: the organisations' ids;
 * `now`: the time of the uploads, that of the demo records). Returns how
 * many.
 */
export async function seedDemoAttachments(stores: Stores, input: { records: readonly SeededRecord[]; orgs: Readonly<Record<DemoOrg, string>>; now: Date }): Promise<number> {
  const now = () => input.now;
  const records = new RecordService({ stores, canSeeApp: async () => true, notifyMention: async () => {}, localeOf: async () => 'en_EN', now });
  // The upload's path over this transaction's stores, with the product's own mountpoints; nothing on it logs (what fails
  // throws, and the demo data is not written). The signed addresses of the entries written are not used.
  const vfs = new VfsService(stores.vfs, stores.vfsBlobs, new FileUrlSigner('demo data', now), { mounts: BUILTIN_MOUNTS, quota: Number.MAX_SAFE_INTEGER, uploadLimit: Number.MAX_SAFE_INTEGER, apiPrefix: '', now }, QUIET);
  const files = new RecordFiles(records, vfs, QUIET);
  let count = 0;
  for (const upload of demoUploads(input.records)) {
    const caller = await callerOf(stores, upload.by, input.orgs[upload.record.org]);
    for (const file of upload.files(caller.name)) {
      await files.upload(caller, upload.record.app, upload.record.name, file.field, uploadOf(file), null);
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
