import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Reads `{ message }` from navigation state, ignoring anything else history may hold. */
export function readFlashMessage(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('message' in state)) return undefined;
  const { message } = state as { message: unknown };
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * A one-time success message passed in navigation state (e.g. "Flow created successfully.").
 * The state is then cleared so a reload or a Back does not show it again.
 */
export function useFlashMessage(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(() => readFlashMessage(location.state));
  useEffect(() => {
    if (readFlashMessage(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);
  return message;
}
