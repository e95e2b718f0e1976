import { z } from 'zod';
import { TRAFFIC_SOURCES } from './lead-sources.ts';

/** The windows the insights page offers, in days back from now. */
export const INSIGHTS_PERIODS = [7, 30, 90] as const;

export const InsightsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be 7, 30 or 90.' })
    .refine((days) => (INSIGHTS_PERIODS as readonly number[]).includes(days), 'Days must be 7, 30 or 90.')
    .default(30),
});
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

/**
 * Time to claim as insights keep it (decision 025), from whole seconds: to the second under a
 * minute, 10 s under 10 minutes, the minute under an hour, 15 minutes under a day, then the hour.
 * The same rule as the database's leadbell_claim_bucket.
 */
export function claimBucketOf(seconds: number): number {
  const step = seconds < 60 ? 1 : seconds < 600 ? 10 : seconds < 3600 ? 60 : seconds < 86_400 ? 900 : 3600;
  return seconds - (seconds % step);
}

/**
 * Speed-to-lead over a set of leads (decision 025). Time to claim runs from the start of the
 * response timer (arrival, or the next opening) to the first claim, kept at claimBucketOf's
 * resolution; the median and the 90th percentile are of the claimed leads (the first time whose
 * share of claims reaches the fraction), null when none was claimed. Windows are whole days in the
 * entity's zone, today included.
 */
export const LeadFiguresSchema = z.object({
  /** answeredWithinTarget + answeredLate + unanswered + waiting: every lead is in one of them (issue 49). */
  received: z.number().int(),
  answeredWithinTarget: z.number().int(),
  /** Claimed after the target. */
  answeredLate: z.number().int(),
  /**
   * answeredWithinTarget of the leads that are settled (received less waiting), 0 to 1; null
   * while none is.
   */
  answeredWithinTargetRate: z.number().nullable(),
  medianSecondsToClaim: z.number().int().nullable(),
  p90SecondsToClaim: z.number().int().nullable(),
  /** Not claimed by its target. */
  unanswered: z.number().int(),
  /** Nobody has claimed it yet, and its target has not passed: neither answered nor unanswered. */
  waiting: z.number().int(),
  /** Rang the team again because nobody claimed it in time. */
  escalated: z.number().int(),
});
export type LeadFigures = z.infer<typeof LeadFiguresSchema>;

/** One member's answering: the leads they claimed first. */
export const MemberFiguresSchema = z.object({
  userId: z.string(),
  name: z.string(),
  claimed: z.number().int(),
  claimedWithinTarget: z.number().int(),
  medianSecondsToClaim: z.number().int().nullable(),
  p90SecondsToClaim: z.number().int().nullable(),
  /** Lead phone calls to the member in the window (issue 50): answered with a key, and missed (no answer, busy, no key). */
  callsAnswered: z.number().int(),
  callsMissed: z.number().int(),
});
export type MemberFigures = z.infer<typeof MemberFiguresSchema>;

export const RESPONSE_TIME_BUCKETS = [
  { id: 'under_1m', label: 'Under 1 min', upToSeconds: 60 },
  { id: '1_5m', label: '1–5 min', upToSeconds: 300 },
  { id: '5_15m', label: '5–15 min', upToSeconds: 900 },
  { id: '15_60m', label: '15–60 min', upToSeconds: 3600 },
  { id: '1_4h', label: '1–4 h', upToSeconds: 14_400 },
  { id: 'over_4h', label: 'Over 4 h', upToSeconds: null },
] as const;

/**
 * Response-time bands of conversion (issue 26): from the start of the response timer to the first
 * response (a claim, or a reply from the lead card). Setting an outcome is not a response.
 */
export const CONVERSION_BANDS = [
  { id: 'under_5m', label: 'Under 5 min', upToSeconds: 300 },
  { id: '5_30m', label: '5–30 min', upToSeconds: 1800 },
  { id: '30m_4h', label: '30 min–4 h', upToSeconds: 14_400 },
  { id: 'later', label: 'Later', upToSeconds: null },
  { id: 'never', label: 'Never answered', upToSeconds: null },
] as const;
export type ConversionBandId = (typeof CONVERSION_BANDS)[number]['id'];

/** Fewer leads with an outcome than this in a group, and its rate is marked as a small sample. */
export const CONVERSION_SMALL_SAMPLE = 10;
/**
 * The weekly email compares "answered within 5 minutes" with "later or never" only when each side
 * has at least this many leads with an outcome (decision 048); below it, one lead swings the rate.
 */
export const CONVERSION_COMPARISON_MIN = 5;

/** Conversion over a set of leads: Won / leads with an outcome. */
export const ConversionFiguresSchema = z.object({
  /** Every lead in the group (tests, spam and deleted leads excluded). */
  leads: z.number().int(),
  /** Those marked Won, Lost or No answer. */
  withOutcome: z.number().int(),
  won: z.number().int(),
  /** won / withOutcome, 0 to 1; null without outcomes. */
  rate: z.number().nullable(),
  /** Fewer than CONVERSION_SMALL_SAMPLE leads with an outcome: read the rate with care. */
  isSmallSample: z.boolean(),
  /** The value of the leads won, in the entity's currency (leads won without a value add nothing). */
  wonValue: z.number(),
});
export type ConversionFigures = z.infer<typeof ConversionFiguresSchema>;

/** Conversion for the period: the team's, by response-time band, flow, source and first responder. */
export const ConversionSchema = z.object({
  /** The entity's currency for `wonValue` (ISO 4217): USD until the owner sets one, as on a lead. */
  currency: z.string(),
  totals: ConversionFiguresSchema,
  bands: z.array(
    ConversionFiguresSchema.extend({ band: z.enum(CONVERSION_BANDS.map((band) => band.id)), label: z.string() }),
  ),
  flows: z.array(ConversionFiguresSchema.extend({ flowId: z.string(), name: z.string() })),
  /** `source` null: leads from before sources were recorded. */
  sources: z.array(ConversionFiguresSchema.extend({ source: z.enum(TRAFFIC_SOURCES).nullable() })),
  /** By the member who answered first (an admin sees everyone, a member themself). */
  members: z.array(ConversionFiguresSchema.extend({ userId: z.string(), name: z.string() })),
});
export type Conversion = z.infer<typeof ConversionSchema>;

/** `GET /v1/insights`: the team's figures, each flow's, and each member's (an admin sees everyone, a member themself). */
export const InsightsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** The entity's zone, which the daily figures' dates are in. */
  timeZone: z.string(),
  totals: LeadFiguresSchema,
  flows: z.array(LeadFiguresSchema.extend({ flowId: z.string(), name: z.string() })),
  members: z.array(MemberFiguresSchema),
  daily: z.array(
    z.object({
      date: z.string(),
      received: z.number().int(),
      answeredWithinTarget: z.number().int(),
      /** Claimed after the target. */
      answeredLate: z.number().int(),
      /** Not claimed by the target; the rest of `received` is still inside it. */
      unanswered: z.number().int(),
    }),
  ),
  /** Claimed leads by time to claim. */
  histogram: z.array(z.object({ bucket: z.string(), label: z.string(), count: z.number().int() })),
  /** What became of the period's leads (issue 26). */
  conversion: ConversionSchema,
});
export type Insights = z.infer<typeof InsightsSchema>;
