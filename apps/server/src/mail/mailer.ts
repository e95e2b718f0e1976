import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../env.ts';
import { composeMail } from './compose-mail.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** A display name for MAIL_FROM's address (a business's name); the address itself never changes. */
  fromName?: string;
};

/** The address part of `Name <address>` (or the whole value when it is a bare address). */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * A display name that cannot start another header: line breaks and other control characters
 * become spaces (nodemailer quotes and encodes the rest).
 */
export function displayNameOf(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Mail goes over a few open connections, each reused for many messages (decision 057): one
 * connection per mail cost a TCP (and with smtps a TLS) handshake, a greeting and a login for
 * every lead's email copy, 20 % of the server's CPU per lead when every lead sent one
 * (docs/performance.md). A connection the server closed while idle is opened again for the next
 * mail. Options in SMTP_URL's query (`?pool=false`, `?maxConnections=3`) win over these.
 */
const SMTP_POOL = { pool: true, maxConnections: 10, maxMessages: 100 } as const;

/**
 * Sends through `SMTP_URL`. With the `log` transport the mail is written to the server output
 * instead, so a first-time user on their own machine can still read their verification code and
 * finish signing up; env.ts allows that only for a local http PUBLIC_URL or MAIL_TRANSPORT=log.
 */
export function createMailer({
  mailTransport,
  smtpUrl,
  from,
  log,
}: {
  mailTransport: MailTransport;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (mailTransport === 'log' || !smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { to: mail.to, subject: mail.subject },
          'mail transport is log (no SMTP_URL on a local server, or MAIL_TRANSPORT=log): the email is printed below instead of sent',
        );
        process.stdout.write(
          `\n──── Email to ${mail.to} ────\nSubject: ${mail.subject}\n\n${mail.text}\n────────────────────────────\n\n`,
        );
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_POOL });
  return {
    send: async ({ fromName, ...mail }) => {
      const name = fromName === undefined ? '' : displayNameOf(fromName);
      const sender = addressOf(from);
      // Composed whole, then sent (decision 057, amended twice): one write to the socket, where
      // nodemailer's streamed composition wrote each MIME part, and built in one pass.
      const raw = composeMail({ from: name ? { name, address: sender } : from, ...mail });
      await transport.sendMail({ envelope: { from: sender, to: mail.to }, raw });
    },
    close: () => transport.close(),
  };
}
