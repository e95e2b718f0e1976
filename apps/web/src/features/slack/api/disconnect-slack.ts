import { apiRequest } from '../../../lib/api-client.ts';

export function disconnectSlack() {
  return apiRequest<void>('/v1/integrations/slack', { method: 'DELETE' });
}
