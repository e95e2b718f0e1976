import type { Weekday } from '@leadbell/shared/business-hours';
import type { Entity } from '@leadbell/shared/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Plus, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormReturn,
} from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { updateBusinessHours } from '../api/update-business-hours.ts';
import { businessHoursResolver, toForm, toSavedBusinessHours, type BusinessHoursForm } from '../business-hours-form.ts';
import { DAYS } from '../days.ts';
import { timeZoneLabel, timeZoneOptions } from '../time-zones.ts';
import { ClosuresFields } from './closures-fields.tsx';
import { TimeOfDaySelect } from './time-of-day-select.tsx';

const MAX_OPENINGS = 4;
const NEW_OPENING = { open: '09:00', close: '17:00' };
const TIME_SELECT_CLASSES = 'min-w-0 px-2 pr-7 sm:w-36 sm:px-3 sm:pr-8';

type DayProps = {
  day: Weekday;
  label: string;
  control: Control<BusinessHoursForm>;
  errors: FieldErrors<BusinessHoursForm>['schedule'];
  /** Whether this day's hours were just copied to the others, which the day then says. */
  isCopiedFrom: boolean;
  onCopyToEveryDay: () => void;
};

function DaySchedule({ day, label, control, errors, isCopiedFrom, onCopyToEveryDay }: DayProps) {
  const switchId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: `schedule.${day}` });
  const dayErrors = errors?.[day];
  const dayMessage = dayErrors?.root?.message ?? dayErrors?.message;
  return (
    <div
      role="group"
      aria-labelledby={`${switchId}-label`}
      className="grid gap-3 border-b border-slate-100 py-4 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start"
    >
      <div className="flex items-center gap-3 sm:h-10">
        <Switch
          id={switchId}
          checked={fields.length > 0}
          onCheckedChange={(isOpen) => (isOpen ? append(NEW_OPENING) : remove())}
        />
        <Label id={`${switchId}-label`} htmlFor={switchId}>
          {label}
        </Label>
      </div>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500 sm:leading-10">Closed</p>
      ) : (
        <div className="grid gap-2">
          {fields.map((field, index) => {
            const error = dayErrors?.[index];
            const message = error?.open?.message ?? error?.close?.message ?? error?.root?.message;
            const name = fields.length > 1 ? `${label}, hours ${index + 1},` : label;
            return (
              <div key={field.id} className="grid gap-1">
                <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1.5 sm:flex sm:gap-2">
                  {(['open', 'close'] as const).map((kind) => (
                    <Controller
                      key={kind}
                      control={control}
                      name={`schedule.${day}.${index}.${kind}`}
                      render={({ field: time }) => (
                        <>
                          {kind === 'close' ? <span className="text-sm text-slate-500">to</span> : null}
                          <TimeOfDaySelect
                            kind={kind}
                            aria-label={`${name} ${kind === 'open' ? 'opens' : 'closes'} at`}
                            aria-invalid={error?.[kind] ? true : undefined}
                            className={TIME_SELECT_CLASSES}
                            name={time.name}
                            ref={time.ref}
                            onBlur={time.onBlur}
                            value={time.value}
                            onValueChange={time.onChange}
                          />
                        </>
                      )}
                    />
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${name} hours`}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                {message ? <p className="text-sm text-red-700">{message}</p> : null}
              </div>
            );
          })}
          {dayMessage ? <p className="text-sm text-red-700">{dayMessage}</p> : null}
          {/* Always there, so screen readers hear it when it fills. */}
          <p role="status" className="text-sm text-emerald-700 empty:hidden">
            {isCopiedFrom ? 'Copied to every day. Save to keep them.' : ''}
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
            {fields.length < MAX_OPENINGS ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="px-0"
                onClick={() => append({ open: '18:00', close: '21:00' })}
              >
                <Plus aria-hidden="true" className="size-3.5" />
                Add hours<span className="sr-only"> on {label}</span>
              </Button>
            ) : null}
            <Button
              type="button"
              variant="link"
              size="sm"
              className="px-0 text-slate-600 hover:text-slate-900"
              onClick={onCopyToEveryDay}
            >
              <Copy aria-hidden="true" className="size-3.5" />
              Copy to every day<span className="sr-only"> from {label}</span>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Every day gets the day's hours (each its own copy, so editing one day later leaves the others). */
function copyToEveryDay(form: UseFormReturn<BusinessHoursForm>, source: Weekday) {
  const openings = form.getValues(`schedule.${source}`);
  for (const { day } of DAYS) {
    if (day === source) continue;
    form.setValue(
      `schedule.${day}`,
      openings.map((opening) => ({ ...opening })),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );
  }
}

/**
 * The business's time zone, weekly opening hours and closures (decisions 025 and 044), for
 * admins. Outside them leads are kept but ring nobody, unless their flow is urgent; the response
 * timer starts at the next opening.
 */
export function BusinessHoursEditor({ entity }: { entity: Entity }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [copiedFrom, setCopiedFrom] = useState<Weekday | null>(null);
  const form = useForm<BusinessHoursForm>({ resolver: businessHoursResolver, defaultValues: toForm(entity) });
  const { errors } = form.formState;
  const [timeZone, isAlwaysOpen] = useWatch({ control: form.control, name: ['timeZone', 'isAlwaysOpen'] });
  const zones = useMemo(() => timeZoneOptions(entity.timeZone), [entity.timeZone]);
  const mutation = useMutation({
    mutationFn: (values: BusinessHoursForm) => updateBusinessHours(entity.id, toSavedBusinessHours(values)),
    onMutate: () => {
      setSaved(false);
      setCopiedFrom(null);
    },
    onSuccess: async (updated) => {
      form.reset(toForm(updated));
      setSaved(true);
      await refreshSession(queryClient);
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      <FormField
        label="Time zone"
        error={errors.timeZone?.message}
        hint="Business hours, closures, team members’ quiet hours, the morning summary and insights’ days are in this zone."
      >
        {(control) => (
          <Select {...control} {...form.register('timeZone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone === timeZone ? timeZoneLabel(zone) : zone.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">When you take leads</legend>
        <Controller
          control={form.control}
          name="isAlwaysOpen"
          render={({ field }) => (
            <>
              {[
                { value: true, title: 'Always open', text: 'Every lead rings your team, day and night.' },
                {
                  value: false,
                  title: 'Set hours',
                  text: 'Leads outside these hours and on closure days are kept and ring nobody (unless their flow is urgent); their response target starts when you open, and a morning summary lists them.',
                },
              ].map((option) => (
                <label
                  key={option.title}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
                    field.value === option.value ? 'border-brand-300 bg-brand-50/60' : 'border-slate-200',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    className="mt-0.5 size-4 accent-brand-600"
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    onBlur={field.onBlur}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium text-slate-900">{option.title}</span>
                    <span className="text-slate-500">{option.text}</span>
                  </span>
                </label>
              ))}
            </>
          )}
        />
      </fieldset>

      {isAlwaysOpen ? null : (
        <>
          <div className="grid">
            <p className="text-sm text-slate-500">
              Times are in {timeZone.replaceAll('_', ' ')}. To stay open until the day ends, close at “Midnight”; for
              hours past midnight, open the next day too.
            </p>
            {DAYS.map(({ day, label }) => (
              <DaySchedule
                key={day}
                day={day}
                label={label}
                control={form.control}
                errors={errors.schedule}
                isCopiedFrom={copiedFrom === day}
                onCopyToEveryDay={() => {
                  copyToEveryDay(form, day);
                  setCopiedFrom(day);
                }}
              />
            ))}
          </div>
          <ClosuresFields
            control={form.control}
            register={form.register}
            setValue={form.setValue}
            errors={errors.schedule}
            timeZone={timeZone}
          />
        </>
      )}

      {saved && !form.formState.isDirty ? <Alert tone="success">Business hours saved.</Alert> : null}
      {mutation.isError ? (
        <Alert tone="error">{errorMessage(mutation.error, 'Failed to save business hours.')}</Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" isLoading={mutation.isPending} className="w-full sm:w-auto sm:min-w-32">
          Save business hours
        </Button>
      </div>
    </form>
  );
}
