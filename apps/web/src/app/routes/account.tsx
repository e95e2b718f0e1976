import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { BusinessHoursSummary } from '../../features/business-hours/components/business-hours-summary.tsx';
import { QuietHoursEditor } from '../../features/business-hours/components/quiet-hours-editor.tsx';
import { DevicesList } from '../../features/devices/components/devices-list.tsx';
import { EmailFallbackToggle } from '../../features/devices/components/email-fallback-toggle.tsx';
import { ThisDeviceNotifications } from '../../features/devices/components/this-device-notifications.tsx';
import { useThisDevice } from '../../features/devices/hooks/use-this-device.ts';
import { ChangePlanForm } from '../../features/entities/components/change-plan-form.tsx';
import { EntitySettingSelect } from '../../features/entities/components/entity-setting-select.tsx';
import { AwayToggle } from '../../features/team/components/away-toggle.tsx';
import { LeaveTeam } from '../../features/team/components/leave-team.tsx';
import { USAGE_QUERY_KEY } from '../../features/usage/api/get-usage.ts';
import { UsagePanel } from '../../features/usage/components/usage-panel.tsx';
import { getPlan } from '@leadbell/shared/plans';
import { useRequiredMe } from '../../lib/auth.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';

/** The Account page's sections that moved to `/business` (decision 044), where an admin's old link now lands. */
const MOVED_TO_BUSINESS: Record<string, string> = {
  '#business-hours': '/business#hours',
  '#leads': '/business#phone-numbers',
};

/** The sections that moved to `/channels` (issue 27), for every member. */
const MOVED_TO_CHANNELS: Record<string, string> = { '#sms': '/channels#sms', '#telegram': '/channels#telegram' };

/** `/account`: the person's own settings (sign-in, notifications, devices, quiet hours) and the plan. */
export function AccountPage() {
  const me = useRequiredMe();
  const queryClient = useQueryClient();
  const thisDevice = useThisDevice();
  const { hash } = useLocation();
  useScrollToHash();
  const entity = me.entity;
  const isAdmin = me.user.role === 'admin';
  const movedTo = (isAdmin ? MOVED_TO_BUSINESS[hash] : undefined) ?? MOVED_TO_CHANNELS[hash];
  if (movedTo) return <Navigate to={movedTo} replace />;
  return (
    <>
      <PageHeader title="Account" description="Your sign-in details, where notifications reach you, and your plan." />
      <div className="grid max-w-3xl gap-6">
        <Card className="p-5 sm:p-7">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-4">
            <dt className="font-medium text-slate-500">Name</dt>
            <dd className="mb-3 text-slate-900 sm:mb-0">{me.user.name}</dd>
            <dt className="font-medium text-slate-500">Email</dt>
            <dd className="mb-3 break-all text-slate-900 sm:mb-0">{me.user.email}</dd>
            {entity ? (
              <>
                <dt className="font-medium text-slate-500">Entity</dt>
                <dd className="text-slate-900">{entity.name}</dd>
              </>
            ) : null}
          </dl>
        </Card>

        {entity ? (
          <SectionCard id="away" title="Away">
            <AwayToggle />
          </SectionCard>
        ) : null}

        <SectionCard
          id="notifications"
          title="Notifications on this device"
          description="Leadbell rings this phone or computer for every lead, through the browser’s push service."
        >
          <ThisDeviceNotifications device={thisDevice} />
        </SectionCard>

        <SectionCard title="Your devices" description="Every phone and computer where you turned notifications on.">
          <DevicesList
            thisDeviceId={thisDevice.status.kind === 'on' ? thisDevice.status.deviceId : null}
            onRemoved={thisDevice.handleRemoved}
          />
        </SectionCard>

        <SectionCard title="Email">
          <EmailFallbackToggle email={me.user.email} />
        </SectionCard>

        <SectionCard
          id="channels"
          title="Telegram and text messages"
          description="Leads in your own Telegram chat, and texts to your mobile for the ones that must ring."
        >
          <Link
            to="/channels"
            className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Open channels
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </SectionCard>

        {entity ? (
          <SectionCard id="quiet-hours" title="Quiet hours">
            <QuietHoursEditor timeZone={entity.timeZone} />
          </SectionCard>
        ) : null}

        {entity && isAdmin ? (
          <SectionCard
            id="business"
            title="Business"
            description={`${entity.name}’s hours, closures, time zone and country for phone numbers.`}
          >
            <Link
              to="/business"
              className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Open business settings
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </SectionCard>
        ) : null}
        {entity && !isAdmin ? (
          <SectionCard
            id="business"
            title="Business"
            description={`When ${entity.name} takes leads. Only ${me.admins.length > 0 ? me.admins.join(' or ') : 'an admin'} can change this.`}
          >
            <BusinessHoursSummary entity={entity} />
            <EntitySettingSelect
              entityId={entity.id}
              field="defaultCountry"
              value={entity.defaultCountry}
              canEdit={false}
            />
          </SectionCard>
        ) : null}

        <UsagePanel planHref="#plan" />

        {entity?.plan && isAdmin ? (
          <SectionCard id="plan" title="Plan">
            <ChangePlanForm
              entity={{ ...entity, plan: entity.plan }}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY })}
            />
          </SectionCard>
        ) : null}
        {entity?.plan && !isAdmin ? (
          <SectionCard id="plan" title="Plan">
            <p className="text-sm text-slate-600">
              {entity.name} is on the{' '}
              <strong className="font-semibold text-slate-900">{getPlan(entity.plan).title}</strong> plan. Its admins
              choose the plan: ask {me.admins.length > 0 ? me.admins.join(' or ') : 'an admin'} to change it.
            </p>
          </SectionCard>
        ) : null}

        <Card className="p-5 sm:p-7">
          <ChangePasswordForm />
        </Card>

        {entity ? (
          <SectionCard title="Team" description={`You are ${isAdmin ? 'an admin' : 'a member'} of ${entity.name}.`}>
            <LeaveTeam entityName={entity.name} />
          </SectionCard>
        ) : null}
      </div>
    </>
  );
}
