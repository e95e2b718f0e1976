import { eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { EmailTestResult } from '@leadbell/shared/setup';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { recordTestReached } from './record-test-reached.ts';

/** One test email a minute: enough to try again, too few to flood the member's own inbox from here. */
export const EMAIL_TEST_INTERVAL_SECONDS = 60;

function emailTestMail(to: string): Mail {
  const text = 'New leads reach this inbox: Leadbell emails each one here as it arrives.';
  return {
    to,
    subject: 'Leadbell test: new leads reach this inbox',
    text: `Leadbell\n\n${text}\n`,
    html: brandedMailHtml(
      `<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(text)}</td></tr>`,
    ),
  };
}

/**
 * Emails the member a test now, not retried, so they can see a lead's email arrive before a lead
 * needs one; once the mail server took it, the checklist's test step ticks. The minute's slot is
 * taken in the statement that decides, before the mail goes, and given back if it is refused.
 */
export async function sendEmailTest(db: Database, mailer: Mailer, user: SessionUser): Promise<EmailTestResult> {
  const [slot] = await db
    .insert(deliveryPreferences)
    .values({ userId: user.id, emailTestAt: sql`now()` })
    .onConflictDoUpdate({
      target: deliveryPreferences.userId,
      set: { emailTestAt: sql`now()` },
      setWhere: or(
        isNull(deliveryPreferences.emailTestAt),
        lte(deliveryPreferences.emailTestAt, sql`now() - make_interval(secs => ${EMAIL_TEST_INTERVAL_SECONDS})`),
      ),
    })
    .returning({ userId: deliveryPreferences.userId });
  if (!slot)
    throw new AppError('rate_limited', 'One test email a minute: check your inbox, then try again.', {
      headers: { 'retry-after': String(EMAIL_TEST_INTERVAL_SECONDS) },
    });
  try {
    await mailer.send(emailTestMail(user.email));
  } catch {
    // Within the minute nobody else holds the slot, so it is this request's to give back.
    await db.update(deliveryPreferences).set({ emailTestAt: null }).where(eq(deliveryPreferences.userId, user.id));
    throw new AppError('mail_failed', 'The test email could not be sent: the mail server did not take it. Try again.');
  }
  await recordTestReached(db, user.id, 'email');
  return { to: user.email };
}
