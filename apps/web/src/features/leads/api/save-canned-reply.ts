import type { CannedReply, CannedReplyInput } from '@leadbell/shared/replies';
import { apiRequest } from '../../../lib/api-client.ts';

/** Adds a canned reply (`id` null) or changes one (admins). */
export function saveCannedReply(id: string | null, input: CannedReplyInput) {
  return id
    ? apiRequest<CannedReply>(`/v1/canned-replies/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
    : apiRequest<CannedReply>('/v1/canned-replies', { method: 'POST', body: input });
}
