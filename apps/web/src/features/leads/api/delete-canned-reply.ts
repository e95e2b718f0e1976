import { apiRequest } from '../../../lib/api-client.ts';

/** Deletes a canned reply (admins); replies already sent keep their text. */
export function deleteCannedReply(id: string) {
  return apiRequest<void>(`/v1/canned-replies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
