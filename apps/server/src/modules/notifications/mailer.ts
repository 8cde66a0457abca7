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

/** Real SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = await (await transport.get()).sendMail({ from: config.mailFrom, ...mail });
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
      const info = await (await transport.get()).sendMail({ from: config.mailFrom, ...mail });
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: transport.close,
  };
}
