import { PageHeader } from '../../components/ui/page-header.tsx';
import { SlackSection } from '../../features/slack/components/slack-section.tsx';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.tsx';

/** Channels (admins): where leads go besides push and email. Outgoing webhooks and Slack (issue 27). */
export function ChannelsPage() {
  return (
    <>
      <PageHeader title="Channels" description="Where Leadbell sends your leads besides phones and email." />
      <div className="grid gap-6">
        <WebhooksSection />
        <SlackSection />
      </div>
    </>
  );
}
