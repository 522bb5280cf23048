import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../logger.js';
import type { SmtpConfig } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Delivers over SMTP. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtp: SmtpConfig,
    private readonly from: string,
    private readonly log: Log,
  ) {
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
    this.log.info({ event: 'mail.sent', to: message.to, subject: message.subject }, 'mail sent over SMTP');
  }
}

/**
 * With no SMTP server configured, mail is written to the outbox folder as
 * .eml files, and the server log says where. The body (which may carry a
 * reset link) stays out of the log: the file is readable by the operator only.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Log,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
    await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ event: 'mail.outbox', to: message.to, subject: message.subject, file }, 'no SMTP configured: mail written to the outbox');
  }
}
