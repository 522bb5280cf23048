import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the password-reset mail the server wrote to its outbox (no SMTP is
 * configured in the e2e servers) and returns the reset address it carries.
 */
export async function waitForResetLink(dataDir: string, to: string, after: number, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const file of files) {
      const full = path.join(outbox, file);
      if (fs.statSync(full).mtimeMs < after) continue;
      // Unfold quoted-printable soft line breaks and escapes before looking for the link.
      const mail = fs
        .readFileSync(full, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (!mail.includes(`To: ${to}`)) continue;
      const link = /(https?:\/\/[^\s"<>]+\?resetpassword=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail to ${to} in ${outbox}`);
}

/** A mail of the outbox: its subject and its text part, decoded. */
export interface OutboxMail {
  subject: string;
  text: string;
}

/** A body decoded by its Content-Transfer-Encoding (quoted-printable, base64 or as it is), as UTF-8. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes: number[] = [];
  const unfolded = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded[i] === '=' ? /^[0-9A-F]{2}$/i.exec(unfolded.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value (folded lines joined, encoded words decoded). */
function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const raw = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  return raw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The subject and text part of a MIME message as the server's mailer writes it (a text part alone, or text and HTML alternatives). */
function parseMail(message: string): OutboxMail {
  const split = message.search(/\r?\n\r?\n/);
  const head = message.slice(0, split);
  const body = message.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(head, 'Content-Type'))?.[1];
  let text = '';
  if (boundary === undefined) text = decodeBody(body, header(head, 'Content-Transfer-Encoding').toLowerCase());
  else {
    for (const part of body.split(`--${boundary}`)) {
      const at = part.search(/\r?\n\r?\n/);
      const partHead = part.slice(0, at);
      if (at < 0 || !/^text\/plain/i.test(header(partHead, 'Content-Type'))) continue;
      text = decodeBody(part.slice(at).replace(/^\r?\n\r?\n/, ''), header(partHead, 'Content-Transfer-Encoding').toLowerCase());
    }
  }
  return { subject: header(head, 'Subject'), text: text.replace(/\r\n/g, '\n') };
}

/** Waits for a mail to `to` written to the outbox after `after` (ms since the epoch) whose subject matches, and reads it. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, after: number, timeoutMs = 20_000): Promise<OutboxMail> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
    for (const file of files) {
      const full = path.join(outbox, file);
      if (fs.statSync(full).mtimeMs < after) continue;
      const raw = fs.readFileSync(full, 'utf8');
      const split = raw.search(/\r?\n\r?\n/);
      if (!header(raw.slice(0, split), 'To').includes(to)) continue;
      const mail = parseMail(raw);
      if (subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a subject like ${subject} in ${outbox}`);
}
