import { and, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The row (a lead call, a text) a verified Twilio request is about: the row's id in the request's
 * URL, which Twilio's signature covers, and the request's sid, unless Leadbell has yet to store
 * the sid. Twilio may call back before its answer to the creation has been read (a slow answer, a
 * busy server), so the row is written before Twilio is asked and its id put in the URLs it is given.
 */
export function rowOfTwilioCallback(
  columns: { id: PgColumn; providerSid: PgColumn },
  rowId: string,
  providerSid: string,
) {
  return and(eq(columns.id, rowId), or(eq(columns.providerSid, providerSid), isNull(columns.providerSid)));
}
