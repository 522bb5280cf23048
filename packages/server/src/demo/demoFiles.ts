/**
 * The demo files (docs/behaviour/files.md#demo-files): each demo user's home
 * gets Documents, Pictures, Media and Projects with a few files of each kind
 * (text, Markdown, CSV, JSON, PNG, JPEG, WebM video, WAV audio, PDF); each
 * organisation's shared folder and documents mountpoint get documents.
 * Written inside the demo data's transaction: contents go to the blob store
 * first, and a start that fails leaves them unreferenced, for the sweep.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { DIRECTORY_MIME, mimeOfFilename } from '@atrium/shared';
import type { Stores } from '../stores.js';
import { contentText, isIndexable } from '../vfs/contentText.js';
import type { VfsNodeRecord } from '../vfs/VfsStore.js';

const media = (name: string) => fs.readFileSync(new URL(`./media/${name}`, import.meta.url));

/** A folder tree: a name maps to a file's content, or to a folder of its own. */
type Tree = { [name: string]: Buffer | string | Tree };

/** A small PNG drawn here: a 64×64 gradient with a diagonal band. */
export function demoPng(): Buffer {
  const size = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const band = Math.abs(x - y) < 6;
      row[1 + x * 3] = band ? 255 : 30 + x * 3;
      row[2 + x * 3] = band ? 200 : 60 + y * 2;
      row[3 + x * 3] = band ? 40 : 160;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-and-a-half-second chime as a WAV file (8 kHz, 8-bit mono). */
export function demoWav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 1.5);
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const tone = Math.sin(2 * Math.PI * 523.25 * t) * 0.6 + Math.sin(2 * Math.PI * 659.25 * t) * 0.4;
    samples[i] = Math.round(128 + 100 * tone * Math.exp(-2.5 * t));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A one-page PDF with a title and a few lines of text, cross-reference table and all. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [`BT /F1 20 Tf 72 720 Td (${escape(title)}) Tj ET`, ...lines.map((line, i) => `BT /F1 12 Tf 72 ${680 - i * 18} Td (${escape(line)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The home folder of a demo user. */
export function homeTree(firstname: string): Tree {
  return {
    Documents: {
      'Welcome.md': `# Welcome, ${firstname}\n\nThis is your home folder: only you can see it.\n\n- **Documents** for your notes and reports\n- **Pictures** and **Media** for images, video and sound\n- **Projects** for work in progress\n\nOpen a file to view or edit it; drag files here from your computer to upload them.\n`,
      'Meeting notes.txt': 'Weekly operations meeting\n\n1. Warehouse move: on schedule for next month.\n2. Supplier audit: two findings, both closed.\n3. Next meeting: Thursday 10:00.\n',
      'Quarterly report.pdf': demoPdf('Quarterly report', ['Revenue grew 8% over the previous quarter.', 'Costs stayed within budget.', 'Two new regional partners signed.']),
      'Budget 2026.csv': 'Department,Q1,Q2,Q3,Q4\nOperations,120000,118000,125000,130000\nQuality,45000,47000,46000,48000\nSales,90000,95000,99000,105000\n',
      // Text worth a global search (docs/behaviour/search.md#demo-content): suppliers, contracts and audits, in three languages.
      'Supplier contracts.md':
        '# Supplier contracts\n\n| Supplier | Contract ends | Owner |\n|---|---|---|\n| Nordic Freight | 30 June | Operations |\n| Baltic Packaging | 31 December | Purchasing |\n| Fjord Components | 15 March | Quality |\n\nRenew each supplier contract three months before it ends; the audit team checks the terms first.\n',
      'Reisenotizen.txt': 'Reise nach München, 12. bis 14. Mai\n\nLieferantenbesuch bei Baltic Packaging: Qualitätsaudit am Dienstag, danach Vertragsverlängerung besprechen.\n',
      '会议记录.txt': '供应商审核会议：周二上午十点。\n仓库搬迁按计划进行。\n',
    },
    Pictures: {
      'Harbour at dawn.jpg': media('welcome.jpg'),
      'Team day.jpg': media('wellbeing.jpg'),
      'Chart.png': demoPng(),
    },
    Media: {
      'Product tour.webm': media('tour.webm'),
      'Chime.wav': demoWav(),
    },
    Projects: {
      'Warehouse move': {
        'plan.md': '# Warehouse move\n\n| Step | Owner | Due |\n|---|---|---|\n| Inventory count | Operations | week 1 |\n| Transport booking | Logistics | week 2 |\n| Move | Everyone | week 4 |\n',
        'settings.json': `${JSON.stringify({ site: 'North', racks: 42, forklifts: 3, shifts: ['early', 'late'] }, null, 2)}\n`,
      },
    },
  };
}

/** The shared folder of a demo organisation. */
export function sharedTree(organisation: string): Tree {
  return {
    'Team handbook.md': `# ${organisation} team handbook\n\nEverything in this folder is visible to every member of ${organisation}.\n`,
    'Contacts.csv': 'Name,Role,Phone\nReception,Front desk,+47 22 00 00 00\nIT helpdesk,Support,+47 22 00 00 99\n',
    'Holiday calendar.pdf': demoPdf(`${organisation} holidays`, ['New Year: 1 January', 'Midsummer: 21 June', 'Company day: 15 September']),
    'Incident log.txt': `${organisation} incident log\n\n2026-03-02 Forklift battery failure in the north warehouse; replaced the same day.\n2026-03-09 Network outage of 40 minutes; the supplier restored the line.\n2026-04-11 Fire alarm drill; everyone left the building within four minutes.\n`,
  };
}

/** The read-only documents of a demo organisation. */
export function documentsTree(organisation: string): Tree {
  return {
    Policies: {
      'Information security policy.pdf': demoPdf('Information security policy', [`Applies to every member of ${organisation}.`, 'Lock your screen when you leave your desk.', 'Report incidents to the security team at once.']),
      'Code of conduct.md': `# Code of conduct\n\n${organisation} expects every member to treat colleagues, customers and partners with respect.\n`,
      'Travel policy.md': `# Travel policy\n\nBook travel through the ${organisation} travel desk at least two weeks ahead. Economy class for flights under six hours. Keep every receipt for the expense report: the budget owner approves each trip.\n`,
    },
    'Organisation chart.png': demoPng(),
  };
}

/**
 * Writes a tree into a mount instance (created if needed), owned by `ownerId`
 * (null: nobody's space), counting the bytes against the owner.
 */
export async function writeTree(stores: Stores, mount: string, scope: string, tree: Tree, ownerId: string | null, accountId: string | null): Promise<number> {
  const root = await stores.vfs.root(mount, scope);
  let bytes = 0;
  const write = async (parent: VfsNodeRecord, entries: Tree) => {
    for (const [name, value] of Object.entries(entries)) {
      const base = { id: crypto.randomUUID(), mount, scope, parentId: parent.id, name, ownerId, accountId };
      if (typeof value === 'string' || Buffer.isBuffer(value)) {
        const content = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
        const blob = await stores.vfsBlobs.write(Readable.from([content]));
        bytes += blob.size;
        const mime = mimeOfFilename(name);
        // Text files are found by their words too (docs/behaviour/search.md#files).
        const text = isIndexable(mime, blob.size) ? contentText(content) : undefined;
        await stores.vfs.insert({ ...base, isDirectory: false, mime, size: blob.size, blobKey: blob.key, sha256: blob.sha256 }, text);
      } else {
        const dir = await stores.vfs.insert({ ...base, isDirectory: true, mime: DIRECTORY_MIME, size: 0, blobKey: null, sha256: null });
        await write(dir, value);
      }
    }
  };
  await write(root, tree);
  if (ownerId && bytes > 0) await stores.vfs.addUsage(ownerId, bytes);
  return bytes;
}
