import { PageHeader } from '../../components/ui/page-header.tsx';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.tsx';

/** Channels (admins): where leads go besides push and email. Outgoing webhooks for now (issue 27). */
export function ChannelsPage() {
  return (
    <>
      <PageHeader title="Channels" description="Where Leadbell sends your leads besides phones and email." />
      <div className="grid gap-6">
        <WebhooksSection />
      </div>
    </>
  );
}
