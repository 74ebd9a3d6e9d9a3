// Outgoing e-mail. With SMTP_URL set, messages go to that SMTP server; without it (development,
// demos) each message is written as one .eml file under DATA_DIR/outbox/ and one line is logged,
// so a magic link can be followed without any mail server. Tests use the in-memory mailer.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, for the outbox log line ("Magic link for … written to …"). */
  kind?: string;
  /** Files sent with it (an order e-mail's credit note), as they are: nothing re-encodes them. */
  attachments?: MailAttachment[];
}

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** Resolves once the message is handed to the SMTP server or written to the outbox. */
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  info(message: string): void;
}

export type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** SMTP when `smtpUrl` is set, otherwise the DATA_DIR/outbox/ folder. */
export function createMailer(config: MailConfig, log: MailLog): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(outboxDir(config), config.mailFrom, log);
}

/** The folder the e-mails are written to when SMTP_URL is unset. */
export function outboxDir(config: Pick<MailConfig, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail(mailOptions(from, message));
    },
  };
}

function outboxMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      // The messages hold sign-in links: the server's user only (0700 folder, 0600 files),
      // tightened again should someone have loosened or recreated the folder since the start.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      // ISO time with "-" for ":" (valid file names everywhere); sorts by time.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Write-then-rename: a reader of the outbox never sees a half-written message.
      const tmp = `${file}.tmp`;
      try {
        await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      log.info(`${message.kind ?? 'E-mail'} for ${message.to} written to ${displayPath(file)}`);
    },
  };
}

function mailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map(({ filename, content, contentType }) => ({
            filename,
            content,
            contentType,
          })),
        }
      : {}),
  };
}

/** Relative to the working directory when inside it (data/outbox/…), else absolute. */
function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

export interface SentMail extends MailMessage {
  from: string;
}

/** Keeps every message in `messages` (tests). */
export function createMemoryMailer(
  from = 'Store <no-reply@example.com>',
): Mailer & { messages: SentMail[] } {
  const messages: SentMail[] = [];
  return {
    messages,
    send(message) {
      messages.push({ ...message, from });
      return Promise.resolve();
    },
  };
}
