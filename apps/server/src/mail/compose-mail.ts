import { randomUUID } from 'node:crypto';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/**
 * A message as the mailer sends it: MAIL_FROM with an optional display name, one recipient, and
 * both a text and an HTML version (every mail Leadbell sends has both, never empty).
 */
export type ComposedMail = {
  from: { name: string; address: string } | string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

// nodemailer encodes each address and text header as it would in a message it composes itself
// (punycode, encoded words, quoting), and chooses a text's encoding by its own rule: quoted-
// printable ('Q') when Latin letters outnumber 8-bit and control characters, else base64. Methods
// its types do not list (the second is its own helper, which compose-mail.test.ts holds to the
// messages nodemailer builds); one node, made once, serves every call: a node per message costs
// random bytes for a boundary never used.
type MimeEncoder = {
  encodeHeaderValue: (key: string, value: unknown) => string;
  _getTextEncoding: (value: string) => 'Q' | 'B';
};
const mimeEncoder = new MimeNode() as unknown as MimeEncoder;

// The line length nodemailer folds headers at and wraps encoded bodies at (RFC 5322's 78, less margin).
const LINE_LENGTH = 76;

/** A header, folded; none when its value is blank (a blank subject), as nodemailer leaves it out. */
function header(key: string, value: unknown): string[] {
  const encoded = mimeEncoder.encodeHeaderValue(key, value);
  return encoded.trim() ? [mimeFuncs.foldLines(`${key}: ${encoded}`, LINE_LENGTH)] : [];
}

// nodemailer's quoted-printable encoder takes its input in slices of this many bytes.
const QP_SLICE_BYTES = 64 * 1024;

/**
 * Quoted-printable, soft-wrapped as nodemailer's streaming encoder wraps it: the whitespace the
 * content ends with is encoded after the rest, onto the rest's last line. Bodies over one slice
 * (none Leadbell sends) are wrapped whole: still valid, their soft breaks may fall elsewhere.
 */
function quotedPrintable(bytes: Buffer): string {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end -= 1;
  if (end === bytes.length || bytes.length > QP_SLICE_BYTES) return qp.wrap(qp.encode(bytes), LINE_LENGTH);
  const head = qp.wrap(qp.encode(bytes.subarray(0, end)), LINE_LENGTH);
  const lastLineStart = head.lastIndexOf('\n') + 1;
  return (
    head.slice(0, lastLineStart) + qp.wrap(head.slice(lastLineStart) + qp.encode(bytes.subarray(end)), LINE_LENGTH)
  );
}

/** A text part's headers and body, encoded as nodemailer encodes a string of that content type. */
function textPart(contentType: string, content: string): string {
  let encoding: string;
  let body: string;
  if (mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, LINE_LENGTH)) {
    encoding = '7bit';
    body = content;
  } else if (mimeEncoder._getTextEncoding(content) === 'Q') {
    encoding = 'quoted-printable';
    body = quotedPrintable(Buffer.from(content, 'utf8'));
  } else {
    encoding = 'base64';
    body = base64.wrap(base64.encode(Buffer.from(content, 'utf8')), LINE_LENGTH);
  }
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

/**
 * The whole message, as the bytes nodemailer's MailComposer builds for the same mail (the
 * compose-mail test holds them equal, but for the Message-ID, Date and boundary, which are
 * random or the time): its headers, then the text and the HTML as alternatives. Built as one
 * string in one pass, where MailComposer streams the message through a tree of nodes and
 * transforms: 40 % of the server's CPU when every lead sent an email copy (docs/performance.md).
 */
export function composeMail(mail: ComposedMail): Buffer {
  const sender = typeof mail.from === 'string' ? mail.from : mail.from.address;
  const senderDomain = sender.split('@').pop()?.replace(/>.*$/, '') || 'localhost';
  const headers = [
    ...header('From', mail.from),
    ...header('To', mail.to),
    ...(mail.replyTo ? header('Reply-To', mail.replyTo) : []),
    ...header('Subject', mail.subject),
    `Message-ID: <${randomUUID()}@${senderDomain}>`,
    `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
  ];
  const boundary = `--_NmP-${randomUUID().replaceAll('-', '').slice(0, 16)}-Part_1`;
  const message =
    `${headers.join('\r\n')}\r\n` +
    `${mimeFuncs.foldLines(`Content-Type: multipart/alternative; boundary="${boundary}"`, LINE_LENGTH)}\r\n\r\n` +
    `--${boundary}\r\n${textPart('text/plain', mail.text)}\r\n` +
    `--${boundary}\r\n${textPart('text/html', mail.html)}\r\n` +
    `--${boundary}--\r\n`;
  // A body's own line breaks are left as they are: the SMTP connection sends every one as CRLF.
  return Buffer.from(message, 'utf8');
}
