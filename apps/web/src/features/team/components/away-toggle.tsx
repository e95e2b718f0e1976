import type { AvailabilityState } from '@leadbell/shared/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SettingSwitch } from '../../../components/ui/setting-switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { AVAILABILITY_QUERY_KEY, useAvailability } from '../api/get-availability.ts';
import { setAvailability } from '../api/set-availability.ts';
import { TEAM_QUERY_KEY } from '../api/get-team.ts';

/** "I'm away", saved as soon as it is switched: leads ring the teammates instead (issue 50). */
export function AwayToggle() {
  const queryClient = useQueryClient();
  const availability = useAvailability();
  const mutation = useMutation({
    mutationFn: setAvailability,
    onSuccess: (saved) => {
      queryClient.setQueryData<AvailabilityState>(AVAILABILITY_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
    },
  });
  // While saving, the switch shows what was asked for; a failure puts it back.
  const isAway = (mutation.isPending ? mutation.variables.away : availability.data?.away) ?? false;
  const since = availability.data?.awaySince;
  const failure = availability.isError
    ? errorMessage(availability.error, 'Failed to load whether you are away.')
    : mutation.isError
      ? errorMessage(mutation.error)
      : null;
  return (
    <SettingSwitch
      label="I’m away"
      hint={
        <p>
          {isAway
            ? `Away${since && !mutation.isPending ? ` since ${formatDateTime(since)}` : ''}: new leads ring your teammates, not you. If everyone is away, everyone is rung.`
            : 'Switch on when you can’t take leads: no pushes, texts or calls reach you, and leads ring your teammates instead.'}
        </p>
      }
      checked={isAway}
      disabled={!availability.isSuccess}
      onCheckedChange={(checked) => mutation.mutate({ away: checked })}
      failure={failure}
    />
  );
}
