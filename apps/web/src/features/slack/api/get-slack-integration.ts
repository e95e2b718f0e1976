import type { SlackIntegration } from '@leadbell/shared/slack';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SLACK_INTEGRATION_QUERY_KEY = ['integrations', 'slack'] as const;

export function getSlackIntegration(signal?: AbortSignal) {
  return apiRequest<SlackIntegration>('/v1/integrations/slack', { signal });
}

/** The business's Slack connection (its URL masked), or `connection: null`. */
export function useSlackIntegration() {
  return useQuery({ queryKey: SLACK_INTEGRATION_QUERY_KEY, queryFn: ({ signal }) => getSlackIntegration(signal) });
}
