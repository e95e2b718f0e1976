import { zodResolver } from '@hookform/resolvers/zod';
import { CannedReplyInputSchema, type CannedReply, type CannedReplyInput } from '@leadbell/shared/replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { deleteCannedReply } from '../api/delete-canned-reply.ts';
import { CANNED_REPLIES_QUERY_KEY, useCannedReplies } from '../api/get-canned-replies.ts';
import { saveCannedReply } from '../api/save-canned-reply.ts';

const EMPTY: CannedReplyInput = { title: '', body: '' };

/** Adds a canned reply (`reply` null) or changes one. */
function CannedReplyForm({ reply, onDone }: { reply: CannedReply | null; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CannedReplyInput>({
    resolver: zodResolver(CannedReplyInputSchema),
    defaultValues: reply ? { title: reply.title, body: reply.body } : EMPTY,
  });
  const mutation = useMutation({
    mutationFn: (input: CannedReplyInput) => saveCannedReply(reply?.id ?? null, input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: CANNED_REPLIES_QUERY_KEY });
      onDone(reply ? `“${saved.title}” saved.` : `“${saved.title}” added.`);
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['title', 'body']),
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={reply ? 'Edit canned reply' : 'New canned reply'}
      onSubmit={(event) => {
        // React passes events up through portals: the reply composer's form, which opens this
        // dialog, must not be submitted (and the reply sent) with this one.
        event.stopPropagation();
        void form.handleSubmit((values) => mutation.mutate(values))(event);
      }}
      className="grid gap-4"
    >
      {mutation.isError && !errors.title && !errors.body ? (
        <Alert tone="error">{errorMessage(mutation.error)}</Alert>
      ) : null}
      <FormField label="Title" error={errors.title?.message} hint="What the team picks it by.">
        {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
      </FormField>
      <FormField
        label="Reply"
        error={errors.body?.message}
        hint="Placeholders like {{name}} are filled from the lead’s fields, as in a flow’s message."
      >
        {(control) => <Textarea {...control} rows={6} {...form.register('body')} />}
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" disabled={mutation.isPending} onClick={() => onDone('')}>
          Cancel
        </Button>
        <Button type="submit" isLoading={mutation.isPending}>
          {reply ? 'Save' : 'Add reply'}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Manage replies" (admins), from the reply composer: the team's canned replies, each editable and
 * deletable, and a new one.
 */
export function ManageCannedRepliesDialog() {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const [status, setStatus] = useState('');
  const replies = useCannedReplies({ isEnabled: isOpen });
  const removal = useMutation({
    mutationFn: (reply: CannedReply) => deleteCannedReply(reply.id),
    onSuccess: async (_result, reply) => {
      await queryClient.invalidateQueries({ queryKey: CANNED_REPLIES_QUERY_KEY });
      setDeleting(null);
      setStatus(`“${reply.title}” deleted.`);
    },
  });

  function handleOpenChange(open: boolean) {
    if (open) {
      setEditing(null);
      setStatus('');
    }
    setIsOpen(open);
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">Manage replies</Button>
      </DialogTrigger>
      <DialogContent
        title="Canned replies"
        description="Answers your team sends often. Every member can pick them when replying to a lead."
        className="max-w-lg"
      >
        <div className="flex flex-col gap-4">
          {/* Always there, so what was saved is announced; while empty, its margin takes back the gap. */}
          <div aria-live="polite" className="-mt-4">
            {status ? (
              <Alert tone="success" className="mt-4">
                {status}
              </Alert>
            ) : null}
          </div>
          {editing ? (
            <CannedReplyForm
              reply={editing === 'new' ? null : editing}
              onDone={(message) => {
                setEditing(null);
                setStatus(message);
              }}
            />
          ) : replies.isPending ? (
            <p className="text-sm text-slate-500">Loading canned replies…</p>
          ) : replies.isError ? (
            <Alert tone="error">The canned replies could not be loaded: {errorMessage(replies.error)}</Alert>
          ) : (
            <div className="grid gap-4">
              {replies.data.data.length > 0 ? (
                <ul aria-label="Canned replies" className="grid gap-2">
                  {replies.data.data.map((reply) => (
                    <li key={reply.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                      <div className="flex items-start justify-between gap-2">
                        <p className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{reply.title}</p>
                        <div className="flex shrink-0 gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Edit ${reply.title}`}
                            onClick={() => {
                              setStatus('');
                              setEditing(reply);
                            }}
                          >
                            <Pencil aria-hidden="true" className="size-3.5" />
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Delete ${reply.title}`}
                            onClick={() => {
                              removal.reset();
                              setDeleting(reply);
                            }}
                          >
                            <Trash2 aria-hidden="true" className="size-3.5" />
                            Delete
                          </Button>
                        </div>
                      </div>
                      <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]">
                        {reply.body}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-500">No canned replies yet.</p>
              )}
              <Button
                variant="secondary"
                className="justify-self-start"
                onClick={() => {
                  setStatus('');
                  setEditing('new');
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                New canned reply
              </Button>
            </div>
          )}
        </div>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title="Delete this canned reply?"
          description={`“${deleting?.title ?? ''}” leaves the picker. Replies already sent keep their text.`}
          confirmLabel="Delete"
          onConfirm={() => deleting && removal.mutate(deleting)}
          isPending={removal.isPending}
          error={removal.isError ? errorMessage(removal.error) : null}
        />
      </DialogContent>
    </Dialog>
  );
}
