import { HOUR_SECONDS, subjectOf, type Allowance } from '../allowances/take-allowances.ts';
import { visitorMailAllowance } from '../../mail/visitor-mail-allowance.ts';

/** Replies one visitor may get an hour, from every business together: an answer, not a campaign. */
export const REPLIES_PER_VISITOR_PER_HOUR = 3;
/** Replies one member may send an hour: far more than anyone types, too few to spam with. */
export const REPLIES_PER_MEMBER_PER_HOUR = 60;
/** Replies a business may send an hour, every member together. */
export const REPLIES_PER_BUSINESS_PER_HOUR = 100;
/** The same for a business on the free plan or in its first day, which has not shown who it is yet. */
export const REPLIES_PER_NEW_BUSINESS_PER_HOUR = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A business on the free plan, or created less than a day before `now`, gets the lower allowance. */
export function isUnprovenBusiness({ priceUsd, createdAt }: { priceUsd: number; createdAt: Date }, now: Date): boolean {
  return priceUsd === 0 || now.getTime() - createdAt.getTime() < DAY_MS;
}

/** Everything one reply takes before it is mailed (issue 47), the first spent one named in the 429. */
export function replyAllowancesOf({
  visitor,
  userId,
  entityId,
  isUnproven,
  visitorMailsPerMinute,
}: {
  visitor: string;
  userId: string;
  entityId: string;
  isUnproven: boolean;
  visitorMailsPerMinute: number;
}): Allowance[] {
  const businessLimit = isUnproven ? REPLIES_PER_NEW_BUSINESS_PER_HOUR : REPLIES_PER_BUSINESS_PER_HOUR;
  return [
    {
      key: `reply-visitor:${subjectOf(visitor)}`,
      limit: REPLIES_PER_VISITOR_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `This visitor got ${REPLIES_PER_VISITOR_PER_HOUR} replies in the last hour. Try again later.`,
    },
    {
      key: `reply-member:${userId}`,
      limit: REPLIES_PER_MEMBER_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      refusal: `At most ${REPLIES_PER_MEMBER_PER_HOUR} replies a member an hour. Try again later.`,
    },
    {
      key: `reply-business:${entityId}`,
      limit: businessLimit,
      windowSeconds: HOUR_SECONDS,
      refusal: isUnproven
        ? `A business on the free plan or in its first day sends at most ${businessLimit} replies an hour. Try again later.`
        : `Your business sent ${businessLimit} replies in the last hour. Try again later.`,
    },
    visitorMailAllowance(visitorMailsPerMinute),
  ];
}
