import { phoneCountries } from '@leadbell/shared/contact';
import { currencyCodes, UpdateEntitySchema } from '@leadbell/shared/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { updateEntity } from '../api/update-entity.ts';

type Option = { code: string; name: string };

/** Countries by name in the viewer's language, e.g. "United Kingdom" is found under U. */
function countryOptions(): Option[] {
  const names = new Intl.DisplayNames(undefined, { type: 'region' });
  return phoneCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Currencies by name in the viewer's language ("Euro (EUR)"), so the native picker finds one by typing its name. */
function currencyOptions(): Option[] {
  const names = new Intl.DisplayNames(undefined, { type: 'currency' });
  return currencyCodes()
    .map((code) => ({ code, name: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function useCurrencyOptions(): Option[] {
  return useMemo(() => currencyOptions(), []);
}

const SETTINGS = {
  // The country of phone numbers a lead writes without a country code ("07911 123456"), so Call
  // and WhatsApp dial the right number (decision 024).
  defaultCountry: {
    label: 'Country for phone numbers',
    unsetLabel: 'Not set: only numbers with a +country code',
    hint: 'Leads often write their number without a country code; Leadbell reads it as this country’s, so Call and WhatsApp work in one tap.',
    optionsOf: countryOptions,
  },
  // The money a won lead is worth, shown with its symbol everywhere (issue 49).
  currency: {
    label: 'Currency',
    unsetLabel: 'US Dollar (USD), the default',
    hint: 'What a won lead’s value is counted in.',
    optionsOf: currencyOptions,
  },
} as const;

type EntitySettingSelectProps = {
  entityId: string;
  field: keyof typeof SETTINGS;
  value: string | null;
  canEdit: boolean;
};

/** One business setting chosen from a list (its country, its currency), saved as soon as it is chosen; admins only. */
export function EntitySettingSelect({ entityId, field, value, canEdit }: EntitySettingSelectProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const { label, unsetLabel, hint, optionsOf } = SETTINGS[field];
  const options = useMemo(() => optionsOf(), [optionsOf]);
  const mutation = useMutation({
    mutationFn: (choice: string | null) => updateEntity(entityId, UpdateEntitySchema.parse({ [field]: choice })),
    onSuccess: () => refreshSession(queryClient),
  });
  const shown = mutation.isPending ? (mutation.variables ?? '') : (value ?? '');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-3">
        <select
          id={id}
          value={shown}
          disabled={!canEdit || mutation.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => mutation.mutate(event.target.value || null)}
          className="h-11 w-full max-w-sm min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500 sm:h-10 sm:text-sm"
        >
          <option value="">{unsetLabel}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {mutation.isPending ? <Spinner className="text-brand-600" /> : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        {hint}
        {canEdit ? null : ' Only an admin can change it.'}
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
