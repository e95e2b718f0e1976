import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InvitationPreviewSchema,
  InvitationSignUpSchema,
  InviteSchema,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberSchema,
} from '@leadbell/shared/team';
import type { Auth } from '../../auth/auth.ts';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { createRequireTrustedOrigin } from '../../auth/require-trusted-origin.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, errorResponses, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { changeMemberRole } from './change-member-role.ts';
import { getTeam } from './get-team.ts';
import { inviteTeammate } from './invite-teammate.ts';
import { takeInvitationSignUp } from './limit-invitation-sign-ups.ts';
import { previewInvitation } from './preview-invitation.ts';
import { removeMember } from './remove-member.ts';
import { resendInvitation } from './resend-invitation.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import type { InvitationMailer } from './send-invitation-mail.ts';
import { signUpFromInvitation } from './sign-up-from-invitation.ts';

const TokenParamsSchema = z.object({ token: z.string().max(200) });
const SEATS_FULL = errorResponses({
  402: 'No seat left on the plan: `seat_limit_reached`, saying which plan has more.',
});
const LAST_ADMIN = errorResponses({ 409: 'It would leave the business without an admin: `last_admin`.' });
const UNAVAILABLE = 'Expired, withdrawn or used: `invitation_unavailable`.';
const NO_SEAT_TO_JOIN = errorResponses({ 402: 'The members already fill the plan: `seat_limit_reached`.' });

/** What signing up from a link needs of identity: better-auth, and the origins allowed to sign in. */
export type InvitationIdentity = { auth: Auth; trustedOrigins: string[] };

/** Members, invitations and seats (decision 023): admins manage, anyone in the entity may leave. */
export function registerTeamRoutes(
  app: FastifyInstance,
  { db, requireSession, requireAdmin, clock }: RouteContext,
  mail: InvitationMailer,
  { auth, trustedOrigins }: InvitationIdentity,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireSession, requireAdmin];
  const requireTrustedOrigin = createRequireTrustedOrigin(trustedOrigins);

  routes.get(
    '/v1/team',
    {
      schema: {
        summary: 'The team',
        description: 'Members with their working devices and last activity, open invitations, and seats used.',
        response: { 200: TeamSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      getTeam(db, { entityId: entityIdOf(request), viewerId: sessionUserOf(request).id, now: clock.now() }),
  );

  routes.post(
    '/v1/team/invitations',
    {
      schema: {
        summary: 'Invite a teammate',
        description: 'Emails a single-use link valid for 7 days; inviting the same email again replaces the link.',
        body: InviteSchema,
        response: {
          201: jsonResponse(TeamInvitationSchema, 'The invitation.'),
          ...SEATS_FULL,
          ...errorResponses({ 429: true }),
          ...ENTITY_REQUIRED,
        },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply.status(201).send(
        await inviteTeammate(db, mail, {
          entityId: entityIdOf(request),
          inviter: sessionUserOf(request),
          invite: request.body,
          now: clock.now(),
        }),
      ),
  );

  routes.post(
    '/v1/team/invitations/:id/resend',
    {
      schema: {
        summary: 'Send an invitation again',
        description: 'A fresh link, valid 7 days from now; the previous link stops working.',
        params: IdParamsSchema,
        response: { 200: TeamInvitationSchema, ...SEATS_FULL, ...errorResponses({ 429: true }) },
      },
      onRequest: admin,
    },
    async (request) =>
      resendInvitation(db, mail, {
        entityId: entityIdOf(request),
        invitationId: request.params.id,
        sender: sessionUserOf(request),
        now: clock.now(),
      }),
  );

  routes.delete(
    '/v1/team/invitations/:id',
    {
      schema: {
        summary: 'Withdraw an invitation',
        description: 'The link stops working and its seat is free.',
        params: IdParamsSchema,
        response: { 204: noContent('Withdrawn.') },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await revokeInvitation(db, entityIdOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.patch(
    '/v1/team/members/:id',
    {
      schema: {
        summary: 'Change a member’s role',
        params: IdParamsSchema,
        body: UpdateMemberSchema,
        response: { 200: TeamMemberSchema, ...LAST_ADMIN },
      },
      onRequest: admin,
    },
    async (request) =>
      changeMemberRole(db, {
        entityId: entityIdOf(request),
        userId: request.params.id,
        viewerId: sessionUserOf(request).id,
        update: request.body,
        now: clock.now(),
      }),
  );

  routes.delete(
    '/v1/team/members/:id',
    {
      schema: {
        summary: 'Remove a member',
        description: 'Signs them out everywhere at once, stops their devices and email copies, and frees the seat.',
        params: IdParamsSchema,
        response: { 204: noContent('Removed.'), ...LAST_ADMIN },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await removeMember(db, { entityId: entityIdOf(request), userId: request.params.id });
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/team/leave',
    {
      schema: {
        summary: 'Leave the team',
        description: 'The signed-in user leaves the business: signed out everywhere, seat freed.',
        response: { 204: noContent('Left.'), ...LAST_ADMIN, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await removeMember(db, { entityId: entityIdOf(request), userId: sessionUserOf(request).id });
      return reply.status(204).send();
    },
  );

  // The link's token is the capability: anyone holding it may see who invites them, signed in or not.
  routes.get(
    '/v1/invitations/:token',
    {
      schema: {
        summary: 'Read an invitation',
        description: 'Which business invites whom, by whom, and whether the link still works.',
        params: TokenParamsSchema,
        response: { 200: InvitationPreviewSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await previewInvitation(db, request.params.token, clock.now())),
  );

  routes.post(
    '/v1/invitations/:token/accept',
    {
      schema: {
        summary: 'Accept an invitation',
        description: 'The signed-in, verified user with the invited email joins the business with the invited role.',
        params: TokenParamsSchema,
        response: {
          200: z.object({ entityId: z.string() }),
          ...NO_SEAT_TO_JOIN,
          ...errorResponses({
            403: 'Signed in with another email than the invited one: `forbidden`.',
            409: 'Already in another business: `already_in_entity`.',
            410: UNAVAILABLE,
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request) => acceptInvitation(db, request.params.token, sessionUserOf(request), clock.now()),
  );

  // The link was mailed to the invited address, so it verifies that address as the emailed code
  // would (decision 045): a new account joins in this one call. It sets a session, so only the
  // console's origin may call it, and tries are counted per address as the library counts sign-ups.
  routes.post(
    '/v1/invitations/:token/sign-up',
    {
      schema: {
        summary: 'Sign up from an invitation',
        description:
          'Creates the account for the invited email (never another: the address comes from the invitation), already verified by the link, so no code is mailed; signs in (sets the session cookie and answers the same session as a bearer token in the `set-auth-token` header); and joins the business with the invited role.',
        params: TokenParamsSchema,
        body: InvitationSignUpSchema,
        response: {
          200: jsonResponse(z.object({ entityId: z.string() }), 'Signed up, signed in and joined.'),
          ...NO_SEAT_TO_JOIN,
          ...errorResponses({
            403: 'The request has no `Origin` header of this site: `forbidden`.',
            409: 'The invited email already has an account: `user_exists`; sign in and accept instead.',
            410: UNAVAILABLE,
            429: 'Too many tries from this address: `rate_limited`; retry after `Retry-After` seconds.',
          }),
        },
      },
      onRequest: [requireTrustedOrigin, async (request) => takeInvitationSignUp(db, request.ip)],
    },
    async (request, reply) => {
      const { entityId, headers } = await signUpFromInvitation(db, auth, {
        token: request.params.token,
        signUp: request.body,
        client: { ip: request.ip, userAgent: request.headers['user-agent'] },
        now: clock.now(),
      });
      const bearer = headers.get('set-auth-token');
      if (bearer) reply.header('set-auth-token', bearer);
      return reply.header('set-cookie', headers.getSetCookie()).header('cache-control', 'no-store').send({ entityId });
    },
  );
}
