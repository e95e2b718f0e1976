import { phoneCountries } from '@leadbell/shared/contact';
import { UpdateEntitySchema } from '@leadbell/shared/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { updateEntity } from '../api/update-entity.ts';

/** Countries by name in the viewer's language, e.g. "United Kingdom (+44)" is found under U. */
function useCountryOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(undefined, { type: 'region' });
    return phoneCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
}

type DefaultCountrySelectProps = { entityId: string; defaultCountry: string | null; canEdit: boolean };

/**
 * The country of phone numbers a lead writes without a country code ("07911 123456"), so Call and
 * WhatsApp dial the right number (decision 024). Saved as soon as it is chosen; admins only.
 */
export function DefaultCountrySelect({ entityId, defaultCountry, canEdit }: DefaultCountrySelectProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const options = useCountryOptions();
  const mutation = useMutation({
    mutationFn: (country: string | null) =>
      updateEntity(entityId, UpdateEntitySchema.parse({ defaultCountry: country })),
    onSuccess: () => refreshSession(queryClient),
  });
  const value = mutation.isPending ? (mutation.variables ?? '') : (defaultCountry ?? '');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Country for phone numbers</Label>
      <div className="flex items-center gap-3">
        <select
          id={id}
          value={value}
          disabled={!canEdit || mutation.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => mutation.mutate(event.target.value || null)}
          className="h-11 w-full max-w-sm min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500 sm:h-10 sm:text-sm"
        >
          <option value="">Not set: only numbers with a +country code</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {mutation.isPending ? <Spinner className="text-brand-600" /> : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        Leads often write their number without a country code; Leadbell reads it as this country’s, so Call and WhatsApp
        work in one tap.{canEdit ? null : ' Only an admin can change it.'}
      </p>
      {mutation.isSuccess ? (
        <p role="status" className="text-sm text-emerald-700">
          Saved.
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
