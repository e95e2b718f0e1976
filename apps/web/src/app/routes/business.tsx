import { PageHeader } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { BusinessHoursEditor } from '../../features/business-hours/components/business-hours-editor.tsx';
import { EntitySettingSelect } from '../../features/entities/components/entity-setting-select.tsx';
import { RepliesAndCurrencyForm } from '../../features/entities/components/replies-and-currency-form.tsx';
import { CallerIdSection } from '../../features/voice/components/caller-id-section.tsx';
import { useRequiredMe } from '../../lib/auth.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';

/**
 * `/business` (admins): the settings the whole team works by, which only admins change: hours,
 * closures, time zone and the country of phone numbers (decision 044), the caller ID customers
 * see on a lead call (decision 082), the reply address of
 * visitors' acknowledgements and the currency (decision 047). A person's own settings
 * and the plan stay on `/account`.
 */
export function BusinessPage() {
  const me = useRequiredMe();
  useScrollToHash();
  const entity = me.entity;
  // The route guard lets only onboarded admins in, who have an entity.
  if (!entity) return null;
  return (
    <>
      <PageHeader
        title="Business"
        description={
          <>
            <strong className="font-semibold text-slate-900">{entity.name}</strong>: the settings your whole team works
            by. Only admins can change them.
          </>
        }
      />
      <div className="grid max-w-3xl gap-6">
        <SectionCard
          id="hours"
          title="Business hours"
          description="When leads ring your team, and the days you are closed."
        >
          <BusinessHoursEditor entity={entity} />
        </SectionCard>
        <SectionCard id="phone-numbers" title="Phone numbers">
          <EntitySettingSelect entityId={entity.id} field="defaultCountry" value={entity.defaultCountry} canEdit />
        </SectionCard>
        <CallerIdSection entityId={entity.id} />
        <SectionCard
          id="replies"
          title="Replies and currency"
          description="Where visitors’ answers to your acknowledgements go, and the currency of what won leads are worth."
        >
          <RepliesAndCurrencyForm entity={entity} />
        </SectionCard>
      </div>
    </>
  );
}
