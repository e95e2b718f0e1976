import type { Mail } from './mailer.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { brandedMailHtml } from './branded-mail.ts';

export type CodePurpose = 'email-verification' | 'forget-password' | 'sign-in' | 'change-email';

const COPY: Record<CodePurpose, { subject: string; intro: string }> = {
  'email-verification': {
    subject: 'Your Leadbell verification code',
    intro: 'Use this code to verify your email address and finish creating your Leadbell account.',
  },
  'forget-password': {
    subject: 'Reset your Leadbell password',
    intro: 'Use this code to choose a new password for your Leadbell account.',
  },
  'sign-in': { subject: 'Your Leadbell sign-in code', intro: 'Use this code to sign in to Leadbell.' },
  'change-email': {
    subject: 'Confirm your new Leadbell email',
    intro: 'Use this code to confirm your new email address.',
  },
};

/** A branded code mail in HTML and plain text: product name, the code large, validity, a "didn't ask" line. */
export function codeMail({
  to,
  code,
  purpose,
  validFor,
}: {
  to: string;
  code: string;
  purpose: CodePurpose;
  validFor: string;
}): Mail {
  const { subject, intro } = COPY[purpose];
  const ignore = "Didn't ask for this? You can safely ignore this email: nothing changes without the code.";
  const text = `Leadbell\n\n${intro}\n\n    ${code}\n\nThe code is valid for ${validFor} and works once.\n\n${ignore}\n`;
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding:24px 0;font-size:36px;font-weight:700;letter-spacing:8px;text-align:center;font-family:ui-monospace,Menlo,monospace">${escapeHtml(code)}</td></tr>
<tr><td style="font-size:14px;color:#475569">The code is valid for ${escapeHtml(validFor)} and works once.</td></tr>
<tr><td style="padding-top:16px;font-size:13px;color:#64748b">${escapeHtml(ignore)}</td></tr>`);
  return { to, subject, text, html };
}
