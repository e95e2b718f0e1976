import { z } from 'zod';
import { SignUpSchema } from './auth.ts';
import { EmailSchema } from './fields.ts';
import { getPlan, PLANS, type PlanId } from './plans.ts';
import { ROLES, type Role } from './session.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The spec's roles as people read them: `user` is shown as "Member". */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'Member' };

export const RoleSchema = z.enum(ROLES, { error: 'Choose Admin or Member.' });

export const InviteSchema = z.object({ email: EmailSchema, role: RoleSchema.default('user') });
export type Invite = z.infer<typeof InviteSchema>;

export const UpdateMemberSchema = z.object({ role: RoleSchema });
export type UpdateMember = z.infer<typeof UpdateMemberSchema>;

export const TeamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  joinedAt: z.string().nullable(),
  /** Devices that confirmed a delivery and are not failing. */
  workingDeviceCount: z.number().int(),
  lastActiveAt: z.string().nullable(),
  isYou: z.boolean(),
  /** Set away (`PUT /v1/me/availability`): not rung for leads while a teammate is available. */
  isAway: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  invitedBy: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const SeatsSchema = z.object({
  /** Members plus pending invitations that have not expired. */
  used: z.number().int(),
  /** What the plan in force includes (or a pending smaller plan, whichever is fewer). */
  included: z.number().int(),
});
export type Seats = z.infer<typeof SeatsSchema>;

/** `GET /v1/team`. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(TeamInvitationSchema),
  seats: SeatsSchema,
});
export type Team = z.infer<typeof TeamSchema>;

export const INVITATION_STATUSES = ['pending', 'expired', 'revoked', 'used'] as const;

/** `GET /v1/invitations/:token`: what the person opening the link may know before signing in. */
export const InvitationPreviewSchema = z.object({
  entityName: z.string(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/**
 * `POST /v1/invitations/:token/sign-up`: the sign-up form's name and password rules. The address
 * is the invitation's, never the caller's (decision 045).
 */
export const InvitationSignUpSchema = SignUpSchema.pick({ name: true, password: true });
export type InvitationSignUp = z.infer<typeof InvitationSignUpSchema>;

/** The seats a plan sells: the admin, every member and every pending invitation count. */
export function seatsOf(plan: PlanId): number {
  return getPlan(plan).includedUsers;
}

/** The smallest plan with more seats than `plan`, or null for the largest. */
export function nextPlanWithMoreSeats(plan: PlanId): PlanId | null {
  return PLANS.find((candidate) => candidate.includedUsers > seatsOf(plan))?.id ?? null;
}

/** "Your Pro plan includes 3 users. Upgrade to Elite to invite more." */
export function seatLimitMessage(plan: PlanId): string {
  const { title, includedUsers } = getPlan(plan);
  const users = includedUsers === 1 ? '1 user' : `${includedUsers} users`;
  const next = nextPlanWithMoreSeats(plan);
  return next
    ? `Your ${title} plan includes ${users}. Upgrade to ${getPlan(next).title} to invite more.`
    : `Your ${title} plan includes ${users}, the most any plan has. Remove someone to invite another.`;
}

/** "2 of 3 seats used", as the Team page and the usage panel say it. */
export function seatsUsedLabel({ used, included }: Seats): string {
  return `${used} of ${included} ${included === 1 ? 'seat' : 'seats'} used`;
}

/** Whether one more person (member or invitation) fits the plan. */
export function hasFreeSeat({ used, included }: Seats): boolean {
  return used < included;
}

/**
 * `PUT /v1/me/availability` (issue 50): a member away gets no lead pushes, texts or calls and is
 * skipped when a flow rings in turn, unless every member is away: then everyone is rung, so no
 * lead is silent.
 */
export const AvailabilitySchema = z.object({ away: z.boolean({ error: 'away is true or false.' }) });
export type Availability = z.infer<typeof AvailabilitySchema>;

export const AvailabilityStateSchema = z.object({ away: z.boolean(), awaySince: z.string().nullable() });
export type AvailabilityState = z.infer<typeof AvailabilityStateSchema>;
