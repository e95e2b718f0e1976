import { eq } from 'drizzle-orm';
import type { InvitationSignUp } from '@leadbell/shared/team';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptInvitation, requirePendingInvitation } from './accept-invitation.ts';
import { findInvitationByToken } from './preview-invitation.ts';
import { requireSeatToJoin } from './seats.ts';

const ACCOUNT_EXISTS = 'An account with this email exists. Sign in to join instead.';

type SignUpFromInvitation = {
  token: string;
  signUp: InvitationSignUp;
  /** The caller's address and browser, recorded on the session as a sign-in records them. */
  client: { ip: string; userAgent: string | undefined };
  now: Date;
};

async function hasAccount(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/**
 * Creates the invited person's account from the link, with the invited address already verified,
 * signs them in and joins them (decision 045). The token was mailed to that address and is stored
 * only as a hash, so holding it proves the mailbox as the emailed code would: no code is sent.
 * better-auth hashes the password and writes the user and its credential; if joining then fails
 * (the link withdrawn or used meanwhile, no seat), the account is deleted again. Its sign-in
 * makes the session: the `set-cookie` and `set-auth-token` headers returned are the answer's.
 */
export async function signUpFromInvitation(
  db: Database,
  auth: Auth,
  { token, signUp, client, now }: SignUpFromInvitation,
): Promise<{ entityId: string; headers: Headers }> {
  // Every refusal that needs no account comes first, before any password is hashed.
  const invitation = await findInvitationByToken(db, token, now);
  requirePendingInvitation(invitation);
  const { email } = invitation;
  if (await hasAccount(db, email)) throw new AppError('user_exists', ACCOUNT_EXISTS);
  await requireSeatToJoin(db, invitation.entityId, now);

  const { internalAdapter, password } = await auth.$context;
  const hash = await password.hash(signUp.password);
  let user: { id: string };
  try {
    user = await internalAdapter.createUser(
      { email, name: signUp.name, emailVerified: true },
      { method: 'email-password' },
    );
  } catch (error) {
    // The same link used twice at once: the address is unique, the second answers as if it came later.
    if (await hasAccount(db, email)) throw new AppError('user_exists', ACCOUNT_EXISTS);
    throw error;
  }
  let entityId: string;
  try {
    await internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
    ({ entityId } = await acceptInvitation(db, token, { id: user.id, email, entityId: null }, now));
  } catch (error) {
    await internalAdapter.deleteUser(user.id);
    throw error;
  }

  const headers = new Headers({ 'x-forwarded-for': client.ip });
  if (client.userAgent) headers.set('user-agent', client.userAgent);
  const signedIn = await auth.api.signInEmail({
    body: { email, password: signUp.password },
    headers,
    returnHeaders: true,
  });
  return { entityId, headers: signedIn.headers };
}
