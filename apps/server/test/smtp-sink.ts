import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: tests read verification codes
 * from it exactly as a person reads them from their inbox. `idleTimeoutMs` closes a connection
 * idle that long, as a mail server does (after minutes, by default here after one).
 */
export async function startSmtpSink({ idleTimeoutMs = 60_000 }: { idleTimeoutMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const refused = new Set<string>();
  let connectionsOpened = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    socketTimeout: idleTimeoutMs,
    // The mailer keeps its connections open (mailer.ts): closing, the sink tells them it is shutting
    // down (421) after 100 ms, where smtp-server's default waits 30 s for them to leave.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connectionsOpened += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (!refused.delete(recipient)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined back, so text reads as it was written.
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: raw.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '',
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a server killed with -9 in the crash tests) resets its
  // connection, or is gone when the sink answers it (EPIPE); that is the client's failure, not the
  // sink's.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  // The limit catches a mail that never comes; it measures nothing. 10 s was too short for a server
  // process started on a loaded machine to send its first mail (a clean-clone CI failed so).
  async function waitForMail(to: string, { after = 0, timeoutMs = 30_000 } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.slice(after).findLast((candidate) => candidate.to.includes(to.toLowerCase()));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many mails arrived so far: pass as `after` to wait for a newer one. */
    count: () => received.length,
    /** How many SMTP connections clients opened so far. */
    connectionsOpened: () => connectionsOpened,
    waitForMail,
    /** Refuses the next mail to `to` with 550, as a mail server refuses a recipient it will not take. */
    refuseNext: (to: string) => void refused.add(to.toLowerCase()),
    /** The 6-digit code of the newest mail to `to`. */
    async waitForCode(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string> {
      const mail = await waitForMail(to, options);
      // The plain-text part sets the code alone on an indented line.
      const code = mail.raw.match(/^ {4}(\d{6})\r?$/m)?.[1];
      if (!code) throw new Error(`Mail to ${to} has no code:\n${mail.raw}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
