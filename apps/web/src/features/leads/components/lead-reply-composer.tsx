import { zodResolver } from '@hookform/resolvers/zod';
import { leadEmailOf } from '@leadbell/shared/contact';
import type { LeadDetail } from '@leadbell/shared/leads';
import { LeadReplyInputSchema, REPLY_BODY_MAX, type CannedReply, type LeadReplyInput } from '@leadbell/shared/replies';
import { renderTemplate, type TemplateData } from '@leadbell/shared/template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCannedReplies } from '../api/get-canned-replies.ts';
import { leadQueryKey } from '../api/get-lead.ts';
import { LEADS_QUERY_KEY } from '../api/get-leads.ts';
import { sendLeadReply } from '../api/send-lead-reply.ts';
import { ManageCannedRepliesDialog } from './manage-canned-replies-dialog.tsx';

type ReplyForm = z.input<typeof LeadReplyInputSchema>;

/** The lead's fields as placeholders fill them: text, numbers and yes/no; anything else is left out. */
function templateDataOf(data: LeadDetail['data']): TemplateData {
  const values: TemplateData = {};
  for (const [key, value] of Object.entries(data ?? {}))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  return values;
}

/** The canned replies' picker: "Write your own" or one of the team's, filled from the lead when picked. */
function CannedReplyPicker({
  replies,
  isLoading,
  isError,
  onPick,
}: {
  replies: CannedReply[];
  isLoading: boolean;
  isError: boolean;
  onPick: (reply: CannedReply) => void;
}) {
  const [picked, setPicked] = useState('');
  if (isLoading) return <p className="text-sm text-slate-500">Loading canned replies…</p>;
  if (isError) return <p className="text-sm text-red-700">The canned replies could not be loaded.</p>;
  if (replies.length === 0) return null;
  return (
    <FormField label="Canned reply" hint="Fills the message with this lead’s details; edit it before sending.">
      {(control) => (
        <Select
          {...control}
          value={picked}
          onChange={(event) => {
            setPicked(event.target.value);
            const reply = replies.find((candidate) => candidate.id === event.target.value);
            if (reply) onPick(reply);
          }}
        >
          <option value="">Write your own</option>
          {replies.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/**
 * "Reply by email" on the lead card (issue 26): subject, message and the team's canned replies,
 * sent from our mail server to the lead's own address, Reply-To the member. The sent reply joins
 * the timeline; on an open lead it also puts the member on it (the first response).
 */
export function LeadReplyComposer({ lead, isAdmin }: { lead: LeadDetail; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const address = leadEmailOf(lead.data);
  const canned = useCannedReplies({ isEnabled: isOpen });
  const emptyForm = { subject: lead.replySubject, body: '' };
  const form = useForm<ReplyForm, unknown, LeadReplyInput>({
    resolver: zodResolver(LeadReplyInputSchema),
    defaultValues: emptyForm,
  });
  const mutation = useMutation({
    mutationFn: (input: LeadReplyInput) => sendLeadReply(lead.id, input),
    onSuccess: async (result) => {
      // Pending until the card shows the reply in its timeline (and who is on it now).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadQueryKey(lead.id) }),
        queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
      ]);
      setSentTo(result.reply.detail);
      form.reset(emptyForm);
      setIsOpen(false);
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['subject', 'body']),
  });

  const length = useWatch({ control: form.control, name: 'body' })?.length ?? 0;

  // Back to "Reply by email" once the composer closes, so the keyboard is where it was.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !isOpen) openButton.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  if (!address || lead.status === 'spam') return null;
  const { errors } = form.formState;

  function open() {
    setSentTo(null);
    mutation.reset();
    setIsOpen(true);
  }

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`${formId}-heading`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <h2 id={`${formId}-heading`} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              Reply
            </h2>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
              To <span className="font-medium text-slate-900">{address}</span>
            </p>
          </div>
          {isOpen ? null : (
            <Button ref={openButton} onClick={open} className="w-full sm:w-auto">
              <Mail aria-hidden="true" className="size-4" />
              Reply by email
            </Button>
          )}
        </div>
        {/* Always there, so the sent message is announced; while empty, its margin takes back the gap. */}
        <div aria-live="polite" className="-mt-4">
          {sentTo && !isOpen ? (
            <Alert tone="success" className="mt-4">
              Reply sent to {sentTo}. It is in the activity below.
            </Alert>
          ) : null}
        </div>
        {isOpen ? (
          <form
            noValidate
            aria-label="Reply by email"
            onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
            className="grid gap-4"
          >
            {mutation.isError && !errors.subject && !errors.body ? (
              <Alert tone="error">{errorMessage(mutation.error)}</Alert>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
              <CannedReplyPicker
                replies={canned.data?.data ?? []}
                isLoading={canned.isPending}
                isError={canned.isError}
                onPick={(reply) =>
                  form.setValue('body', renderTemplate(reply.body, templateDataOf(lead.data)), {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
              {isAdmin ? <ManageCannedRepliesDialog /> : null}
            </div>
            <FormField label="Subject" error={errors.subject?.message}>
              {(control) => <Input {...control} readOnly={mutation.isPending} {...form.register('subject')} />}
            </FormField>
            <FormField
              label="Message"
              error={errors.body?.message}
              hint={
                length > REPLY_BODY_MAX - 500
                  ? `${length.toLocaleString()} / ${REPLY_BODY_MAX.toLocaleString()}`
                  : 'Plain text. Their answer comes back to your email address.'
              }
            >
              {(control) => (
                <Textarea {...control} rows={8} autoFocus readOnly={mutation.isPending} {...form.register('body')} />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="secondary"
                disabled={mutation.isPending}
                onClick={() => {
                  setIsOpen(false);
                  form.clearErrors();
                }}
              >
                Cancel
              </Button>
              <Button type="submit" isLoading={mutation.isPending}>
                {mutation.isPending ? 'Sending…' : 'Send reply'}
              </Button>
            </div>
          </form>
        ) : null}
      </section>
    </Card>
  );
}
