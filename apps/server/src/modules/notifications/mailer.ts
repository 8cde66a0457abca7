import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
  /**
   * What names this message for good (the outbox row's id): its Message-ID is made from it, so a message sent
   * again after its instance was killed between the mail server's answer and its record is the same message,
   * which a mailbox shows once (issue 39's soak).
   */
  key?: string;
};

export type Mailer = {
  kind: 'smtp' | 'file';
  /** Resolves once the mail server (or the mail folder) has accepted the message. */
  send: (mail: OutgoingMail) => Promise<{ messageId: string }>;
  close: () => void;
};

/**
 * A transport made at the first message (nodemailer is loaded then: a start-up sends nothing, issue 39), the same
 * one for every message after it.
 */
function lazyTransport(options: string | { streamTransport: true; buffer: true; newline: 'unix' }) {
  let made: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get: () => (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options) as Transporter)),
    close: () => {
      if (closed) return;
      closed = true;
      void made?.then((transport) => transport.close());
    },
  };
}

/** `<key@domain of MAIL_FROM>`, the Message-ID of a message with a key; nodemailer makes one for the others. */
export function messageIdOf(key: string, mailFrom: string): string {
  const domain = /@([a-zA-Z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'farha.dz';
  return `<${key.replace(/[^a-zA-Z0-9.-]/g, '')}@${domain}>`;
}

/**
 * Real SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/mail. The folder stands for a mailbox:
 * a message with a key is its file `<key>.eml`, written once, so a message sent again keeps its one file.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  const message = ({ key, ...mail }: OutgoingMail) => ({ from: config.mailFrom, ...mail, ...(key ? { messageId: messageIdOf(key, config.mailFrom) } : {}) });
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = await (await transport.get()).sendMail(message(mail));
        return { messageId: info.messageId };
      },
      close: transport.close,
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    send: async (mail) => {
      const info = await (await transport.get()).sendMail(message(mail));
      await fs.promises.mkdir(dir, { recursive: true });
      const name = mail.key
        ? `${mail.key.replace(/[^a-zA-Z0-9-]/g, '')}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      try {
        await fs.promises.writeFile(path.join(dir, name), info.message as Buffer, { flag: 'wx' });
      } catch (error) {
        // Already in the mailbox: sent before its record was written (the instance was killed in between).
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      return { messageId: info.messageId };
    },
    close: transport.close,
  };
}
