import type { TelegramDeepLink, TelegramLink, TelegramState } from '@leadbell/shared/telegram';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Send, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { TELEGRAM_QUERY_KEY, useTelegram } from '../api/get-telegram.ts';
import { linkTelegram } from '../api/link-telegram.ts';
import { sendTelegramTest } from '../api/send-telegram-test.ts';
import { unlinkTelegram } from '../api/unlink-telegram.ts';
import { updateTelegram } from '../api/update-telegram.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

/** The linked chat: its name, the member's on/off switch, a test message and unlink. */
function LinkedTelegram({ link, onUnlinked }: { link: TelegramLink; onUnlinked: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const save = (state: TelegramState) => queryClient.setQueryData<TelegramState>(TELEGRAM_QUERY_KEY, state);
  const toggle = useMutation({
    mutationFn: updateTelegram,
    onSuccess: (saved) => save({ enabled: true, link: saved }),
  });
  const test = useMutation({ mutationFn: sendTelegramTest });
  const unlink = useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => {
      setIsConfirming(false);
      onUnlinked();
      save({ enabled: true, link: null });
    },
  });
  const isOn = toggle.isPending ? toggle.variables.notifications : link.notifications;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        Linked to <span className="font-semibold text-slate-900">{link.displayName ?? 'your Telegram chat'}</span>{' '}
        <RelativeTime at={link.linkedAt} />.
      </p>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={id}>Send my leads to Telegram</Label>
          <p id={`${id}-hint`} className="text-sm text-slate-500">
            Each lead arrives with <strong>I’m on it</strong>, which claims it for you. Quiet hours send it silently.
          </p>
        </div>
        <Switch
          id={id}
          aria-describedby={`${id}-hint`}
          checked={isOn}
          onCheckedChange={(checked) => toggle.mutate({ notifications: checked })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isLoading={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? null : <Send aria-hidden="true" className="size-3.5" />}
          Send test message
        </Button>
        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setIsConfirming(true)}>
          <Unlink aria-hidden="true" className="size-3.5" />
          Unlink
        </Button>
      </div>
      <div aria-live="polite" className={test.isSuccess || test.isError || toggle.isError ? undefined : 'sr-only'}>
        {test.isSuccess ? <Alert tone="success">Test message sent: look in Telegram.</Alert> : null}
        {test.isError ? <Alert tone="error">{errorMessage(test.error)}</Alert> : null}
        {toggle.isError ? <Alert tone="error">{errorMessage(toggle.error)}</Alert> : null}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => (open ? undefined : setIsConfirming(false))}
        title="Unlink Telegram?"
        description="Leads are no longer sent to this chat, and the I’m on it buttons in it stop working. You can link again at any time."
        confirmLabel="Unlink"
        onConfirm={() => unlink.mutate()}
        isPending={unlink.isPending}
        error={unlink.isError ? errorMessage(unlink.error) : null}
      />
    </div>
  );
}

/** Not linked: a one-time link that opens the bot; pressing Start there links the chat. */
function LinkTelegram({
  deepLink,
  onDeepLink,
}: {
  deepLink: TelegramDeepLink | null;
  onDeepLink: (link: TelegramDeepLink) => void;
}) {
  const create = useMutation({ mutationFn: linkTelegram, onSuccess: onDeepLink });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        Get each lead as a Telegram message from the Leadbell bot, and claim it with one tap.
      </p>
      {deepLink ? (
        <div className="grid gap-2" aria-live="polite">
          <Button asChild className="justify-self-start">
            <a href={deepLink.url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" className="size-4" />
              Open Telegram
            </a>
          </Button>
          <p className="text-sm text-slate-500">
            Press <strong>Start</strong> in the chat with the bot; this page shows the link as soon as it is made. The
            link works once, for 15 minutes.
          </p>
        </div>
      ) : (
        <Button className="justify-self-start" isLoading={create.isPending} onClick={() => create.mutate()}>
          {create.isPending ? null : <Send aria-hidden="true" className="size-4" />}
          Link Telegram
        </Button>
      )}
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
    </div>
  );
}

/** Telegram on the Account page: each member links their own chat (decision 052). */
export function TelegramSection() {
  const [deepLink, setDeepLink] = useState<TelegramDeepLink | null>(null);
  const telegram = useTelegram({ isWaitingForStart: deepLink !== null });
  return (
    <SectionCard id="telegram" title="Telegram">
      {telegram.isPending ? (
        <LoadingState label="Loading Telegram…" />
      ) : telegram.isError ? (
        <ErrorState
          message={errorMessage(telegram.error, 'Failed to load your Telegram link.')}
          onRetry={() => void telegram.refetch()}
          isRetrying={telegram.isFetching}
        />
      ) : !telegram.data.enabled ? (
        <p className="text-sm text-slate-600">
          Telegram is not set up on this Leadbell server. Its administrator sets <code>TELEGRAM_BOT_TOKEN</code> and{' '}
          <code>TELEGRAM_BOT_USERNAME</code>: see <code>docs/operations.md</code>, “Telegram”.
        </p>
      ) : telegram.data.link ? (
        <LinkedTelegram link={telegram.data.link} onUnlinked={() => setDeepLink(null)} />
      ) : (
        <LinkTelegram deepLink={deepLink} onDeepLink={setDeepLink} />
      )}
    </SectionCard>
  );
}
