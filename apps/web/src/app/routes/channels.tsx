import { PageHeader } from '../../components/ui/page-header.tsx';
import { SlackSection } from '../../features/slack/components/slack-section.tsx';
import { SmsSection } from '../../features/sms/components/sms-section.tsx';
import { TelegramSection } from '../../features/telegram/components/telegram-section.tsx';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.tsx';
import { useRequiredMe } from '../../lib/auth.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';

/**
 * Channels (issue 27): where leads go besides push and email. Every member links their own
 * Telegram and mobile number; admins also connect the business's webhooks and Slack.
 */
export function ChannelsPage() {
  const me = useRequiredMe();
  useScrollToHash();
  const entity = me.entity;
  return (
    <>
      <PageHeader title="Channels" description="Where Leadbell sends your leads besides phones and email." />
      <div className="grid max-w-3xl gap-6">
        {entity ? <TelegramSection /> : null}
        <SmsSection plan={entity?.plan ?? null} />
        {me.user.role === 'admin' ? (
          <>
            <WebhooksSection />
            <SlackSection />
          </>
        ) : null}
      </div>
    </>
  );
}
