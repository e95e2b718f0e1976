import { zodResolver } from '@hookform/resolvers/zod';
import { QuietHoursSchema, type QuietHours } from '@leadbell/shared/business-hours';
import type { DeliveryPreferencesState } from '@leadbell/shared/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY, useDeliveryPreferences } from '../../devices/api/get-delivery-preferences.ts';
import { updateDeliveryPreferences } from '../../devices/api/update-delivery-preferences.ts';

const NIGHT: QuietHours = { start: '22:00', end: '07:00' };

function QuietHoursForm({ saved, timeZone }: { saved: QuietHours | null; timeZone: string }) {
  const switchId = useId();
  const queryClient = useQueryClient();
  const [isOn, setIsOn] = useState(saved !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<QuietHours>({ resolver: zodResolver(QuietHoursSchema), defaultValues: saved ?? NIGHT });
  const { errors } = form.formState;
  const mutation = useMutation({
    // Only the quiet hours: the email choice stays as it is, default included.
    mutationFn: (quietHours: QuietHours | null) => updateDeliveryPreferences({ quietHours }),
    onMutate: () => setNotice(null),
    onSuccess: (state) => {
      queryClient.setQueryData<DeliveryPreferencesState>(DELIVERY_PREFERENCES_QUERY_KEY, state);
      if (state.quietHours) form.reset(state.quietHours);
      setNotice(state.quietHours ? 'Quiet hours saved.' : 'Quiet hours turned off.');
    },
  });

  function submit() {
    if (isOn) void form.handleSubmit((values) => mutation.mutate(values))();
    else mutation.mutate(null);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="grid gap-5"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={switchId}>Silence my devices at set hours</Label>
          <p id={`${switchId}-hint`} className="text-sm text-slate-500">
            Leads still arrive on your devices, without a sound; your teammates’ phones ring as usual. Times are in the
            business’s time zone, {timeZone.replaceAll('_', ' ')}.
          </p>
        </div>
        <Switch
          id={switchId}
          aria-describedby={`${switchId}-hint`}
          checked={isOn}
          onCheckedChange={(checked) => {
            setIsOn(checked);
            setNotice(null);
          }}
        />
      </div>
      {isOn ? (
        <div className="flex flex-wrap gap-4">
          <FormField label="From" error={errors.start?.message}>
            {(control) => <Input {...control} type="time" className="w-36" {...form.register('start')} />}
          </FormField>
          <FormField label="Until" error={errors.end?.message} hint="The next morning when earlier than From.">
            {(control) => <Input {...control} type="time" className="w-36" {...form.register('end')} />}
          </FormField>
        </div>
      ) : null}
      {notice && !mutation.isPending ? <Alert tone="success">{notice}</Alert> : null}
      {mutation.isError ? (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to save your quiet hours.')}</Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" isLoading={mutation.isPending} className="w-full sm:w-auto">
          Save quiet hours
        </Button>
      </div>
    </form>
  );
}

/** The signed-in member's own quiet hours (decision 025): their devices stay silent, nobody else's. */
export function QuietHoursEditor({ timeZone }: { timeZone: string }) {
  const preferences = useDeliveryPreferences();
  if (preferences.isPending) return <LoadingState label="Loading your quiet hours…" className="py-6" />;
  if (preferences.isError) {
    return (
      <ErrorState
        quiet
        message={errorMessage(preferences.error, 'Failed to load your quiet hours.')}
        onRetry={() => void preferences.refetch()}
        isRetrying={preferences.isFetching}
      />
    );
  }
  return <QuietHoursForm saved={preferences.data.quietHours} timeZone={timeZone} />;
}
