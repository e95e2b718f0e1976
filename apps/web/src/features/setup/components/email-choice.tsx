import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DELIVERY_PREFERENCES_QUERY_KEY } from '../../devices/api/get-delivery-preferences.ts';
import { updateDeliveryPreferences } from '../../devices/api/update-delivery-preferences.ts';
import { SETUP_QUERY_KEY } from '../api/get-setup.ts';

/**
 * Step ①'s other way: every lead by email, chosen on purpose (the Account page's email copies
 * switch), for a person who cannot or will not turn on notifications on a device.
 */
export function EmailChoice() {
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: () => updateDeliveryPreferences({ emailNotifications: true }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(DELIVERY_PREFERENCES_QUERY_KEY, preferences);
      void queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY });
    },
  });
  return (
    <div className="grid gap-3 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">
        Rather not, or not on this device? Every lead can reach you by email instead, the moment it arrives.
      </p>
      <div>
        <Button
          variant="secondary"
          onClick={() => choose.mutate()}
          isLoading={choose.isPending}
          className="w-full sm:w-auto"
        >
          {choose.isPending ? null : <Mail aria-hidden="true" className="size-4" />}
          Email me every lead
        </Button>
      </div>
      {choose.isError ? <Alert tone="error">{errorMessage(choose.error)}</Alert> : null}
    </div>
  );
}
