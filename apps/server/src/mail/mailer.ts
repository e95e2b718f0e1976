import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Sends through `SMTP_URL`. Without it the mail is written to the server log, so a first-time
 * user on a fresh machine can still read their verification code and finish signing up.
 */
export function createMailer({
  smtpUrl,
  from,
  log,
}: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { to: mail.to, subject: mail.subject },
          'SMTP_URL is not set: the email is printed below instead of sent',
        );
        process.stdout.write(
          `\n──── Email to ${mail.to} ────\nSubject: ${mail.subject}\n\n${mail.text}\n────────────────────────────\n\n`,
        );
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
