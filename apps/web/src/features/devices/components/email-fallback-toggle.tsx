import type { DeliveryPreferencesState } from '@leadbell/shared/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SettingSwitch } from '../../../components/ui/setting-switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY, useDeliveryPreferences } from '../api/get-delivery-preferences.ts';
import { updateDeliveryPreferences } from '../api/update-delivery-preferences.ts';

/**
 * "Also email me every notification", saved as soon as it is switched. Until the owner chooses,
 * the default is shown for what it is: on until one of their devices confirms a delivery.
 */
export function EmailFallbackToggle({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const preferences = useDeliveryPreferences();
  const mutation = useMutation({
    mutationFn: updateDeliveryPreferences,
    onSuccess: (saved) => queryClient.setQueryData<DeliveryPreferencesState>(DELIVERY_PREFERENCES_QUERY_KEY, saved),
  });
  // While saving, the switch shows what was asked for; a failure puts it back.
  const isOn =
    (mutation.isPending ? mutation.variables.emailNotifications : preferences.data?.emailNotifications) ?? false;
  const isDefault = !mutation.isPending && preferences.data?.isDefault === true;
  const failure = preferences.isError
    ? errorMessage(preferences.error, 'Failed to load your email preference.')
    : mutation.isError
      ? errorMessage(mutation.error)
      : null;

  return (
    <SettingSwitch
      label="Also email me every notification"
      hint={
        <>
          <p>
            {isDefault && isOn
              ? `On until one of your devices confirms it gets notifications: a copy of each goes to ${email} meanwhile.`
              : isDefault
                ? `Off since one of your devices confirmed it gets notifications. Switch on for a copy of each at ${email}.`
                : isOn
                  ? `A copy of each notification goes to ${email}, as a backup for your devices.`
                  : `Switch on for a copy of each notification at ${email}, as a backup for your devices.`}
          </p>
          <p>Whatever you choose, an email copy always goes out when none of your devices can be reached.</p>
        </>
      }
      checked={isOn}
      disabled={!preferences.isSuccess}
      onCheckedChange={(checked) => mutation.mutate({ emailNotifications: checked })}
      failure={failure}
    />
  );
}
