import { ROLE_LABELS } from '@leadbell/shared/team';
import type { Role } from '@leadbell/shared/session';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const ROLE_HINTS: Record<Role, string> = {
  user: 'Gets every lead, sees flows, notifications and usage, and manages their own devices.',
  admin: 'Everything a member can, plus the plan, API keys, flows and the team.',
};

const ORDER: Role[] = ['user', 'admin'];

/** Admin or Member, as two labelled radio cards with what each may do. */
export function RoleChoice({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Role</legend>
      {ORDER.map((role) => (
        <label
          key={role}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50/60 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
        >
          <input type="radio" value={role} className="mt-0.5 size-4 accent-brand-600" {...registration} />
          <span className="grid gap-0.5">
            <span className="font-semibold text-slate-900">{ROLE_LABELS[role]}</span>
            <span className="text-slate-600">{ROLE_HINTS[role]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
