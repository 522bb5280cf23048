/** Reading the password-reset link out of mails, raw or as MIME text. */
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../src/mail/Mailer.js';
import type { RecordingMailer } from './testApp.js';

/** Decodes quoted-printable text (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The reset code of the first `?resetpassword=` link in a text, or null. */
export function resetCodeIn(text: string): string | null {
  const match = /\?resetpassword=([A-Za-z0-9_%.~-]+)/.exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The reset code of a recorded mail; throws when it has none. */
export function resetCodeOf(mail: MailMessage | undefined): string {
  const code = mail ? resetCodeIn(mail.text) : null;
  if (!code) throw new Error(`no reset link in mail: ${JSON.stringify(mail)}`);
  return code;
}

/**
 * Asks for a password reset through the API and returns the code of the
 * mail that results (the app must have been built with this mailer).
 */
export async function requestResetCode(
  t: { app: FastifyInstance; config: { wrapperPrefix: string }; services: { recovery: { drain(): Promise<void> } } },
  mailer: RecordingMailer,
  username: string,
): Promise<string> {
  const before = mailer.sent.length;
  const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/user/me/forgotpassword`, payload: { username } });
  if (res.statusCode !== 200) throw new Error(`forgot password failed: ${res.statusCode} ${res.body}`);
  await t.services.recovery.drain();
  return resetCodeOf(mailer.sent[before]);
}
