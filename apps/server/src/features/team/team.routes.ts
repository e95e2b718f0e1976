import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InvitationPreviewSchema,
  InviteSchema,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberSchema,
} from '@leadbell/shared/team';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, errorResponses, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { changeMemberRole } from './change-member-role.ts';
import { getTeam } from './get-team.ts';
import { inviteTeammate } from './invite-teammate.ts';
import { previewInvitation } from './preview-invitation.ts';
import { removeMember } from './remove-member.ts';
import { resendInvitation } from './resend-invitation.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import type { InvitationMailer } from './send-invitation-mail.ts';

const TokenParamsSchema = z.object({ token: z.string().max(200) });
const SEATS_FULL = errorResponses({
  402: 'No seat left on the plan: `seat_limit_reached`, saying which plan has more.',
});
const LAST_ADMIN = errorResponses({ 409: 'It would leave the business without an admin: `last_admin`.' });

/** Members, invitations and seats (decision 023): admins manage, anyone in the entity may leave. */
export function registerTeamRoutes(
  app: FastifyInstance,
  { db, requireSession, requireAdmin, clock }: RouteContext,
  mail: InvitationMailer,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireSession, requireAdmin];

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
          ...errorResponses({
            403: 'Signed in with another email than the invited one: `forbidden`.',
            409: 'Already in another business: `already_in_entity`.',
            410: 'Expired, withdrawn or used: `invitation_unavailable`.',
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request) => acceptInvitation(db, request.params.token, sessionUserOf(request), clock.now()),
  );
}
