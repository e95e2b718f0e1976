import type { DeliveryPreferences } from '@leadbell/shared/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY, useDeliveryPreferences } from '../api/get-delivery-preferences.ts';
import { updateDeliveryPreferences } from '../api/update-delivery-preferences.ts';

/** "Also email me every notification": the email fallback, saved as soon as it is switched. */
export function EmailFallbackToggle({ email }: { email: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useDeliveryPreferences();
  const mutation = useMutation({
    mutationFn: updateDeliveryPreferences,
    onSuccess: (saved) => queryClient.setQueryData<DeliveryPreferences>(DELIVERY_PREFERENCES_QUERY_KEY, saved),
  });
  // While saving, the switch shows what was asked for; a failure puts it back.
  const isOn = mutation.isPending
    ? mutation.variables.emailNotifications
    : (preferences.data?.emailNotifications ?? false);
  const failure = preferences.isError
    ? errorMessage(preferences.error, 'Failed to load your email preference.')
    : mutation.isError
      ? errorMessage(mutation.error)
      : null;

  return (
    <div className="grid gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={id}>Also email me every notification</Label>
          <p id={`${id}-hint`} className="text-sm break-words text-slate-500">
            A copy of each notification goes to {email}, as a backup for your devices.
          </p>
        </div>
        <Switch
          id={id}
          aria-describedby={`${id}-hint`}
          checked={isOn}
          disabled={!preferences.isSuccess}
          onCheckedChange={(checked) => mutation.mutate({ emailNotifications: checked })}
        />
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
