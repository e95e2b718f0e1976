import { LeadStateSchema, type LeadState } from '@leadbell/shared/leads';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readEventData, useStreamStatus, type StreamStatus } from '../../../lib/event-stream.ts';
import { listenLive, rememberLive } from '../../../lib/live-replay.ts';
import { leadQueryKey } from '../api/get-lead.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { applyLeadState } from '../apply-lead-state.ts';
import { LEAD_COUNTS_QUERY_KEY } from '../api/get-lead-counts.ts';

/**
 * Keeps the open inbox and card live over the console's one event stream (lib/event-stream.ts):
 *
 * - `lead` (someone claimed, released, completed or saw a lead) changes the row and the card in
 *   place at once, without a refetch, so "Ann is on it" shows on every console within a second;
 *   the card also refetches its timeline. A row does not leave a filtered list under the reader's
 *   eyes: it moves on the next load.
 * - `notification` refetches the lists: a row needs its flow's name and state, which the
 *   notification event does not carry.
 * - `ready` (every connect, and at once when the stream was already live) refetches everything
 *   shown, for whatever happened while disconnected.
 * - A refetch that read the database just before a change would undo it in the cache; the states
 *   heard live are re-applied after each fetch.
 */
export function useLiveLeads(): StreamStatus {
  const queryClient = useQueryClient();
  const status = useStreamStatus();

  useEffect(() => {
    const heard = new Map<string, LeadState>();
    const refetchCounts = () => void queryClient.invalidateQueries({ queryKey: LEAD_COUNTS_QUERY_KEY });
    return listenLive(queryClient, {
      catchUp: () => void queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
      handlers: {
        notification: () => {
          void queryClient.invalidateQueries({ queryKey: [...LEADS_QUERY_KEY, 'list'] });
          refetchCounts();
        },
        lead: (event) => {
          const state = readEventData(event, LeadStateSchema);
          if (!state) return;
          rememberLive(heard, state.id, state);
          applyLeadState(queryClient, state);
          void queryClient.invalidateQueries({ queryKey: leadQueryKey(state.id) });
          refetchCounts();
        },
      },
      isViewQuery: (query) => query.queryKey[0] === LEADS_QUERY_KEY[0],
      reapply: () => {
        for (const state of heard.values()) applyLeadState(queryClient, state);
      },
    });
  }, [queryClient]);

  return status;
}
