import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { composeMail, type ComposedMail } from './compose-mail.ts';

// The random and timed parts of a message: its Message-ID, its Date and its MIME boundary.
function withoutRandomParts(message: Buffer): string {
  const text = message.toString('utf8');
  const boundary = /boundary="([^"]+)"/.exec(text)?.[1] ?? 'no boundary';
  return text
    .replace(/^Message-ID: <[^@]+@/m, 'Message-ID: <id@')
    .replace(/^Date: .*$/m, 'Date: (now)')
    .replaceAll(boundary, '(boundary)');
}

async function composedByNodemailer(mail: ComposedMail): Promise<Buffer> {
  return new MailComposer(mail).compile().build();
}

// A deterministic generator (mulberry32), so a failing case can be run again.
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces that make encoders choose: line breaks of both kinds, trailing and doubled whitespace,
// "=" and "." (quoted-printable and SMTP's dot), quotes, accents, non-Latin scripts, emoji.
const PIECES = [
  'a',
  'Lead',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '.',
  '=',
  '"',
  '\\',
  '<b>',
  'é',
  'Zoë',
  'ß',
  '—',
  'Привет',
  '你好',
  '🔔',
  'https://example.com/?a=1&b=2',
  'x'.repeat(80),
  '-- ',
  ',',
  ';',
  ':',
  '@',
  '(',
  ')',
];

function randomText(random: () => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index += 1) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

const EXAMPLES: ComposedMail[] = [
  {
    from: { name: 'Café Zoë "Best"', address: 'leads@leadbell.example' },
    to: 'owner@example.com',
    replyTo: 'visitor@example.org',
    subject: 'New lead: Zoë asks about the café — a long subject line that goes on past seventy-eight characters',
    text: 'Hello Zoë\nA line longer than seventy-six characters, so that it has to be wrapped somewhere near here',
    html: '<p>Hello Zoë</p>',
  },
  {
    from: 'Leadbell <leads@leadbell.example>',
    to: 'owner@example.com',
    subject: 'Your code is 123456',
    text: 'Your code:\n\n    123456\n',
    html: '<p>Your code: <b>123456</b></p>',
  },
  {
    from: { name: 'Пекарня', address: 'leads@leadbell.example' },
    to: 'owner@example.com',
    subject: 'Новая заявка: Привет, мир',
    text: 'Привет, мир. Это сообщение почти целиком на кириллице.',
    html: '<p>你好，世界</p>',
  },
];

describe('composeMail', () => {
  it.each(EXAMPLES.map((mail, index) => [index, mail] as const))(
    'example %i: the bytes nodemailer composes for the same mail',
    async (_index, mail) => {
      expect(withoutRandomParts(composeMail(mail))).toBe(withoutRandomParts(await composedByNodemailer(mail)));
    },
  );

  it('500 generated mails: the bytes nodemailer composes for each', { timeout: 30_000 }, async () => {
    const random = randomFrom(2026);
    for (let index = 0; index < 500; index += 1) {
      const mail: ComposedMail = {
        from: { name: randomText(random, 4), address: 'leads@leadbell.example' },
        to: 'owner@example.com',
        ...(random() < 0.5 && { replyTo: 'visitor@example.org' }),
        subject: randomText(random, 1 + Math.floor(random() * 20)),
        text: randomText(random, 1 + Math.floor(random() * 120)),
        html: `<p>${randomText(random, 1 + Math.floor(random() * 120))}</p>`,
      };
      const expected = withoutRandomParts(await composedByNodemailer(mail));
      expect(withoutRandomParts(composeMail(mail)), JSON.stringify(mail)).toBe(expected);
    }
  });

  it('a message id, a date and a boundary of its own for each message', () => {
    const [first, second] = [composeMail(EXAMPLES[1]!), composeMail(EXAMPLES[1]!)].map(String);
    const idOf = (message: string) => /^Message-ID: (<[^>]+@leadbell\.example>)$/m.exec(message)?.[1];
    const boundaryOf = (message: string) => /boundary="([^"]+)"/.exec(message)?.[1];
    expect(idOf(first!)).toBeDefined();
    expect(idOf(first!)).not.toBe(idOf(second!));
    expect(boundaryOf(first!)).not.toBe(boundaryOf(second!));
    expect(first).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/m);
  });
});
