import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, Lock, Plus, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { displayOrigin, OriginLinesSchema, originLines, originsServerError } from '../../api-keys/allowed-origins.ts';
import { createApiKey } from '../../api-keys/api/create-api-key.ts';
import { API_KEYS_QUERY_KEY } from '../../api-keys/api/get-api-keys.ts';
import { updateApiKey } from '../../api-keys/api/update-api-key.ts';
import { AllowedOriginsField } from '../../api-keys/components/allowed-origins-field.tsx';

const RestrictSchema = z.object({ allowedOrigins: OriginLinesSchema });

function OriginList({ origins }: { origins: string[] }) {
  return (
    <>
      {origins.map((origin, index) => (
        <span key={origin}>
          {index > 0 ? ', ' : null}
          <span className="font-medium break-all">{displayOrigin(origin)}</span>
        </span>
      ))}
    </>
  );
}

/**
 * For snippets that put the key into page HTML (the form, fetch): anyone can read it there, so
 * the key should work only from the owner's sites. The restriction is offered right here.
 */
export function BrowserKeyAdvice({ apiKey }: { apiKey: ApiKeySummary | null }) {
  const [isEditing, setIsEditing] = useState(false);
  const [saved, setSaved] = useState<string[] | null>(null);
  if (!apiKey) {
    return (
      <Alert tone="info">
        This code puts your key into your page, where anyone can read it. Once you have a key, restrict it to your
        site’s origins here.
      </Alert>
    );
  }
  const isRestricted = apiKey.allowedOrigins.length > 0;
  if (isRestricted && !isEditing) {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {saved ? 'Saved. ' : null}This key is in your page’s HTML, and it works only from{' '}
            <OriginList origins={apiKey.allowedOrigins} />.
          </span>
        </p>
        <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)} className="self-start">
          Change sites
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="flex items-start gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>
          <strong className="font-semibold">Restrict this key to your site’s origins.</strong> It goes into your page’s
          HTML, where anyone can read it; restricted, it works only from your site, so a copy is useless elsewhere.
        </span>
      </p>
      <RestrictOriginsForm
        apiKey={apiKey}
        onSaved={(origins) => {
          setSaved(origins);
          setIsEditing(false);
        }}
        onCancel={isRestricted ? () => setIsEditing(false) : undefined}
      />
    </div>
  );
}

type RestrictOriginsFormProps = {
  apiKey: ApiKeySummary;
  onSaved: (origins: string[]) => void;
  onCancel: (() => void) | undefined;
};

function RestrictOriginsForm({ apiKey, onSaved, onCancel }: RestrictOriginsFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof RestrictSchema>, unknown, z.output<typeof RestrictSchema>>({
    resolver: zodResolver(RestrictSchema),
    defaultValues: { allowedOrigins: originLines(apiKey.allowedOrigins) },
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof RestrictSchema>) => updateApiKey(apiKey.id, values),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      onSaved(updated.allowedOrigins);
    },
    onError: (error) => {
      const message = originsServerError(error);
      if (message) form.setError('allowedOrigins', { type: 'server', message }, { shouldFocus: true });
    },
  });
  const fieldError = form.formState.errors.allowedOrigins?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-3">
      {save.isError && !fieldError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      <AllowedOriginsField
        label="Your site’s origins"
        registration={form.register('allowedOrigins')}
        error={fieldError}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" isLoading={save.isPending}>
          {save.isPending ? null : <Globe aria-hidden="true" className="size-4" />}
          Restrict key
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * For code that runs on a server (curl, PHP, WordPress, Node): the key stays there. A key limited
 * to origins refuses requests without an Origin, which is what servers send, so the page offers a
 * separate key for the server.
 */
export function ServerKeyAdvice({
  apiKey,
  onKeyCreated,
}: {
  apiKey: ApiKeySummary | null;
  onKeyCreated: (keyId: string) => void;
}) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createApiKey({ label: 'Server' }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      onKeyCreated(created.id);
    },
  });
  const isRestricted = Boolean(apiKey && apiKey.allowedOrigins.length > 0);
  return (
    <div className="grid gap-3">
      <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>
          <strong className="font-semibold text-slate-900">Keep this key secret on your server</strong>: in an
          environment variable or a configuration file that is not public, never in a page’s HTML or JavaScript and
          never in a public repository.
        </span>
      </p>
      {isRestricted && apiKey ? (
        <div className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p>
            This key works only from <OriginList origins={apiKey.allowedOrigins} />, so a server’s requests (which come
            from no site) are refused. Use a separate key on your server.
          </p>
          <div>
            <Button variant="secondary" size="sm" onClick={() => create.mutate()} isLoading={create.isPending}>
              {create.isPending ? null : <Plus aria-hidden="true" className="size-3.5" />}
              Create a server key
            </Button>
          </div>
          {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
        </div>
      ) : null}
    </div>
  );
}
