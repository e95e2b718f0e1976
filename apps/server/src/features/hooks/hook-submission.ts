import type { FastifyRequest } from 'fastify';
import { fitLeadData } from '../notifications/fit-lead-data.ts';
import type { FormFields } from '../notifications/notify-form.ts';
import { isFormPost, type Submission } from '../notifications/receive-notification.ts';
import { flattenHookBody } from './flatten-hook-body.ts';

/**
 * A post to a flow's webhook address: whatever JSON or form body the service sends, every value
 * becomes data for the token's own flow. Services cannot fix their payloads, so what does not fit
 * is cut and listed rather than refused, as for forms (decision 021).
 */
export function hookSubmissionOf(request: FastifyRequest, token: string): Submission {
  const fields = isFormPost(request) ? Object.entries(request.body as FormFields) : flattenHookBody(request.body);
  const { data, shortenedFields } = fitLeadData(fields);
  return {
    source: 'hook',
    key: token,
    keyKind: 'hook',
    inputOf: (caller) => ({ flowId: caller.flowId, ...(Object.keys(data).length > 0 && { data }) }),
    isTest: false,
    shortenedFields,
    redirect: null,
    isBot: false,
    wantsPage: false,
  };
}
