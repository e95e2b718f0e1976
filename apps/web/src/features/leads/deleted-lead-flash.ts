import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The navigation state the card leaves for the inbox after deleting a lead: the flash message
 * (lib/flash-message.ts reads it, then clears the state) and the lead's id, for its Undo.
 */
export function deletedLeadFlash(lead: { id: string; title: string }) {
  return { message: `Lead “${lead.title}” deleted.`, deletedLeadId: lead.id };
}

/** Reads the deleted lead's id from navigation state, ignoring anything else history may hold. */
export function readDeletedLeadId(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('deletedLeadId' in state)) return undefined;
  const { deletedLeadId } = state as { deletedLeadId: unknown };
  return typeof deletedLeadId === 'string' && deletedLeadId ? deletedLeadId : undefined;
}

/** The lead just deleted on its card, read once on arrival (before useFlashMessage clears the state). */
export function useDeletedLeadId(): string | undefined {
  const location = useLocation();
  const [leadId] = useState(() => readDeletedLeadId(location.state));
  return leadId;
}
