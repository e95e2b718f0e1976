import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createMailer, type Mailer } from './mailer.ts';

const FROM = 'Leadbell <leads@example.com>';
const log = pino({ level: 'silent' });

let sink: SmtpSink | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  mailer?.close();
  await sink?.close();
});

function mailTo(to: string, subject: string) {
  return { to, subject, text: `${subject}.`, html: `<p>${subject}.</p>` };
}

function mailerFor(smtpUrl: string): Mailer {
  mailer = createMailer({ mailTransport: 'smtp', smtpUrl, from: FROM, log });
  return mailer;
}

describe('mailer › SMTP connections (decision 057)', () => {
  it('sends mail after mail over one connection', async () => {
    sink = await startSmtpSink();
    const send = mailerFor(sink.url).send;
    for (const subject of ['First', 'Second', 'Third']) await send(mailTo('ann@example.com', subject));

    expect(sink.received.map((mail) => mail.subject)).toEqual(['First', 'Second', 'Third']);
    expect(sink.connectionsOpened()).toBe(1);
  });

  it('sends 30 mails at once over at most 10 connections, every one delivered', async () => {
    sink = await startSmtpSink();
    const send = mailerFor(sink.url).send;
    const subjects = Array.from({ length: 30 }, (_, index) => `Lead ${index + 1}`);
    await Promise.all(subjects.map((subject) => send(mailTo('team@example.com', subject))));

    expect(sink.received.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    expect(sink.connectionsOpened()).toBeGreaterThan(1);
    expect(sink.connectionsOpened()).toBeLessThanOrEqual(10);
  });

  it('a connection the server closed while idle is opened again for the next mail', async () => {
    sink = await startSmtpSink({ idleTimeoutMs: 200 });
    const send = mailerFor(sink.url).send;
    await send(mailTo('ann@example.com', 'Before the pause'));
    // Longer than the server keeps an idle connection: it says 421 and closes it.
    await sleep(600);
    await send(mailTo('ann@example.com', 'After the pause'));

    expect(sink.received.map((mail) => mail.subject)).toEqual(['Before the pause', 'After the pause']);
    expect(sink.connectionsOpened()).toBe(2);
  });

  it('SMTP_URL’s own query wins: ?pool=false opens a connection per mail', async () => {
    sink = await startSmtpSink();
    const send = mailerFor(`${sink.url}?pool=false`).send;
    for (const subject of ['First', 'Second']) await send(mailTo('ann@example.com', subject));

    expect(sink.received).toHaveLength(2);
    expect(sink.connectionsOpened()).toBe(2);
  });
});
