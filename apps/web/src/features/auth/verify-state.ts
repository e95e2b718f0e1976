/**
 * What sign-up and sign-in hand to /verify in navigation state (spec section 2). The password
 * lets /verify sign in itself if verification did not start a session.
 */
export type VerifyState = { email: string; password?: string; name?: string };

/** Reads navigation state defensively: it comes from history and may be anything. */
export function readVerifyState(state: unknown): VerifyState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, password, name } = state as Record<string, unknown>;
  if (typeof email !== 'string' || !email) return null;
  return {
    email,
    ...(typeof password === 'string' ? { password } : {}),
    ...(typeof name === 'string' ? { name } : {}),
  };
}
