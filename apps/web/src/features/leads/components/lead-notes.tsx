import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_NOTE_MAX, LeadNoteInputSchema, type LeadNoteInput } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadDetail } from '@leadbell/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { addLeadNote } from '../api/add-lead-note.ts';
import { leadQueryKey } from '../api/get-lead.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

type NoteForm = z.input<typeof LeadNoteInputSchema>;

/**
 * The team's notes on a lead, newest first, and a box to add one. Notes are plain text with their
 * line breaks; everyone viewing the lead sees a new one at once (use-live-leads.ts refetches the
 * card on the lead's event).
 */
export function LeadNotes({ lead, viewerId }: { lead: LeadDetail; viewerId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<NoteForm, unknown, LeadNoteInput>({
    resolver: zodResolver(LeadNoteInputSchema),
    defaultValues: { text: '' },
  });
  const mutation = useMutation({
    mutationFn: (input: LeadNoteInput) => addLeadNote(lead.id, input),
    onSuccess: async () => {
      // Pending until the card has the note as the server keeps it.
      await queryClient.invalidateQueries({ queryKey: leadQueryKey(lead.id) });
      form.reset({ text: '' });
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['text']),
  });
  const notes = lead.timeline.filter((entry) => entry.kind === 'note').reverse();
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'text' })?.length ?? 0;

  return (
    <div className="grid gap-4">
      <form
        noValidate
        aria-label="Add a note"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="grid gap-3"
      >
        {mutation.isError && !errors.text ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
        <FormField
          label="New note"
          error={errors.text?.message}
          hint={
            length > LEAD_NOTE_MAX - 200 ? `${length.toLocaleString()} / ${LEAD_NOTE_MAX.toLocaleString()}` : undefined
          }
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              className="min-h-20"
              placeholder="For the team: what was said, what comes next…"
              readOnly={mutation.isPending}
              {...form.register('text')}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" isLoading={mutation.isPending} className="w-full sm:w-auto">
            {mutation.isPending ? 'Saving…' : 'Add note'}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {notes.length > 0 ? (
          <ul aria-label="Notes" className="grid gap-3">
            {notes.map((note) => (
              <li key={`${note.at}-${note.person?.userId ?? ''}`} className="grid gap-1 rounded-lg bg-slate-50 p-3">
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                  <span className="font-semibold text-slate-700">
                    {note.person ? (note.person.userId === viewerId ? 'You' : note.person.name) : 'Someone who left'}
                  </span>
                  <RelativeTime at={note.at} />
                  <span className="sr-only">, {formatDateTime(note.at)}</span>
                </p>
                <p dir="auto" className="text-sm whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                  {note.text}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No notes yet.</p>
        )}
      </div>
    </div>
  );
}
