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
