import type { ConnectSlack, SlackConnection } from '@leadbell/shared/slack';
import { apiRequest } from '../../../lib/api-client.ts';

/** Connects Slack, or replaces the connection's URL and flow. Slack is not contacted. */
export function connectSlack(input: ConnectSlack) {
  return apiRequest<SlackConnection>('/v1/integrations/slack', { method: 'PUT', body: input });
}
