import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, KeyRound, Plus } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { apiKeyName } from '../../api-keys/api-key-name.ts';
import { createApiKey } from '../../api-keys/api/create-api-key.ts';
import { API_KEYS_QUERY_KEY } from '../../api-keys/api/get-api-keys.ts';
import type { ConnectKey } from '../hooks/use-connect-key.ts';

type KeyBarProps = {
  keys: ApiKeySummary[];
  connectKey: ConnectKey;
};

/** Which API key the snippets carry, shown masked until "Reveal key"; creates the first key in place. */
export function KeyBar({ keys, connectKey }: KeyBarProps) {
  const selectId = useId();
  const { key } = connectKey;
  if (!key) return <CreateFirstKey onCreated={connectKey.select} />;
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid min-w-0 gap-1">
          {keys.length > 1 ? (
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              API key in the code
            </label>
          ) : (
            <p className="text-sm font-medium text-slate-700">API key in the code</p>
          )}
          {keys.length > 1 ? (
            <select
              id={selectId}
              value={key.id}
              onChange={(event) => connectKey.select(event.target.value)}
              className="h-11 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600/30 sm:h-10 sm:text-sm"
            >
              {keys.map((candidate, index) => (
                <option key={candidate.id} value={candidate.id}>
                  {apiKeyName(candidate, index)} ({candidate.maskedKey})
                </option>
              ))}
            </select>
          ) : null}
          <code className="font-mono text-sm break-all text-slate-900">{connectKey.shownKey}</code>
        </div>
        {connectKey.isRevealed ? null : (
          <Button
            variant="secondary"
            onClick={connectKey.reveal}
            isLoading={connectKey.isRevealing}
            className="self-start sm:self-center"
          >
            {connectKey.isRevealing ? null : <Eye aria-hidden="true" className="size-4" />}
            Reveal key
          </Button>
        )}
      </div>
      {connectKey.revealError ? <Alert tone="error">{errorMessage(connectKey.revealError)}</Alert> : null}
    </div>
  );
}

function CreateFirstKey({ onCreated }: { onCreated: (keyId: string) => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createApiKey({ label: 'Website' }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      onCreated(created.id);
    },
  });
  return (
    <div className="grid gap-3">
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        Your website needs an API key to send leads, and you have none yet.
      </p>
      <div>
        <Button onClick={() => create.mutate()} isLoading={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? null : <Plus aria-hidden="true" className="size-4" />}
          Create an API key
        </Button>
      </div>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
    </div>
  );
}
