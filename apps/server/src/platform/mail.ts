import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { emailMessageSchema, type EmailMessage, type OutboxHandler } from './outbox.ts';

/** An outbox e-mail on its way out: the message and the outbox row it came from. */
export type OutgoingMail = EmailMessage & { outboxId: number; lenderId: number };

/**
 * Where e-mail goes, chosen by configuration: SMTP_URL set -> that SMTP server; unset -> one RFC 5322 `.eml` file
 * per message under `<DATA_DIR>/outbox/`, named `<outbox id>-<subject slug>.eml`, for a person to open in a mail
 * client (development, demo, tests). Neither logs the address or the body.
 */
export type MailTransport = {
  kind: 'smtp' | 'file';
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

export type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** The folder the file transport writes to. */
export const mailOutboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/** A file-name-safe slug of the subject: lower-case letters, digits and dashes, at most 60 characters. */
export const subjectSlug = (subject: string) =>
  subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'message';

const domainOf = (address: string) => /@([^\s@<>]+)>?\s*$/.exec(address)?.[1] ?? 'credence.local';

/** The nodemailer message: From is MAIL_FROM; the Message-ID is stable per outbox row (a re-send keeps it). */
const compose = (mail: OutgoingMail, from: string) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html === undefined ? {} : { html: mail.html }),
  messageId: `<outbox-${mail.outboxId}@${domainOf(from)}>`,
});

const fileTransport = (config: MailConfig): MailTransport => {
  const dir = mailOutboxDir(config);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    send: async (mail) => {
      const info = await composer.sendMail(compose(mail, config.mailFrom));
      const file = path.join(dir, `${mail.outboxId}-${subjectSlug(mail.subject)}.eml`);
      await mkdir(dir, { recursive: true });
      // Written whole or not at all: a reader never sees half a message; a re-send replaces the same file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
    },
    close: () => {},
  };
};

const smtpTransport = (config: MailConfig & { smtpUrl: string }): MailTransport => {
  // Short timeouts: the drain holds the row's lock while sending; a dead server fails the attempt, which is retried.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail(compose(mail, config.mailFrom));
    },
    close: () => transport.close(),
  };
};

export const createMailTransport = (config: MailConfig): MailTransport =>
  config.smtpUrl ? smtpTransport({ ...config, smtpUrl: config.smtpUrl }) : fileTransport(config);

/** The outbox handler of kind 'email': validates the stored payload and hands it to the transport. */
export const emailHandler =
  (transport: Pick<MailTransport, 'send'>): OutboxHandler =>
  async (row) => {
    const parsed = emailMessageSchema.safeParse(row.payload);
    // The issues name fields, never their values.
    if (!parsed.success) throw new Error(`invalid e-mail payload: ${parsed.error.issues.map((i) => i.path.join('.'))}`);
    await transport.send({ ...parsed.data, outboxId: row.id, lenderId: row.lenderId });
  };
