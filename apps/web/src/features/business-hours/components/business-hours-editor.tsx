import { zodResolver } from '@hookform/resolvers/zod';
import {
  BusinessHoursSchema,
  WEEKDAY_OFFICE_HOURS,
  type BusinessHours,
  type Weekday,
  type WeeklySchedule,
} from '@leadbell/shared/business-hours';
import type { Entity } from '@leadbell/shared/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { updateBusinessHours } from '../api/update-business-hours.ts';
import { timeZoneLabel, timeZoneOptions } from '../time-zones.ts';

/** The week as people read it, Monday first; the schedule keys stay as the shared schema has them. */
const DAYS: { day: Weekday; label: string }[] = [
  { day: 'mon', label: 'Monday' },
  { day: 'tue', label: 'Tuesday' },
  { day: 'wed', label: 'Wednesday' },
  { day: 'thu', label: 'Thursday' },
  { day: 'fri', label: 'Friday' },
  { day: 'sat', label: 'Saturday' },
  { day: 'sun', label: 'Sunday' },
];
const MAX_OPENINGS = 4;
// A phone opens its own time picker on tap: the clock button only squeezes the time out of a 390 px row.
const TIME_INPUT_CLASSES = 'px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:w-36';
const NEW_OPENING = { open: '09:00', close: '17:00' };

/** The form keeps a schedule while "Always open" is chosen, so switching back restores it. */
type BusinessHoursForm = { timeZone: string; isAlwaysOpen: boolean; schedule: WeeklySchedule };

function toForm(entity: Pick<Entity, 'timeZone' | 'businessHours'>): BusinessHoursForm {
  return {
    timeZone: entity.timeZone,
    isAlwaysOpen: entity.businessHours === null,
    schedule: entity.businessHours ?? WEEKDAY_OFFICE_HOURS,
  };
}

function toBusinessHours(values: BusinessHoursForm): BusinessHours {
  return { timeZone: values.timeZone, schedule: values.isAlwaysOpen ? null : values.schedule };
}

/** The shared schema's rules and messages; its paths (`schedule.mon.0.close`) are the form's own. */
const validateBusinessHours = zodResolver(BusinessHoursSchema);
const resolver: Resolver<BusinessHoursForm> = async (values, context, options) => {
  // The options carry the fields' elements by path, so the first invalid time still gets focus.
  const result = await validateBusinessHours(toBusinessHours(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as FieldErrors<BusinessHoursForm> }
    : { values, errors: {} };
};

type DayProps = {
  day: Weekday;
  label: string;
  control: Control<BusinessHoursForm>;
  register: UseFormRegister<BusinessHoursForm>;
  errors: FieldErrors<BusinessHoursForm>['schedule'];
};

/** `<input type="time">` cannot say 24:00: a closing at 00:00 means midnight, which the schedule writes 24:00. */
function ClosingInput({
  day,
  index,
  label,
  control,
  isInvalid,
}: Omit<DayProps, 'register' | 'errors'> & {
  index: number;
  isInvalid: boolean;
}) {
  return (
    <Controller
      control={control}
      name={`schedule.${day}.${index}.close`}
      render={({ field }) => (
        <Input
          type="time"
          aria-label={`${label} closes at`}
          aria-invalid={isInvalid || undefined}
          className={TIME_INPUT_CLASSES}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value === '24:00' ? '00:00' : field.value}
          onChange={(event) => field.onChange(event.target.value === '00:00' ? '24:00' : event.target.value)}
        />
      )}
    />
  );
}

function DaySchedule({ day, label, control, register, errors }: DayProps) {
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
                <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1 sm:flex sm:gap-2">
                  <Input
                    type="time"
                    aria-label={`${name} opens at`}
                    aria-invalid={error?.open ? true : undefined}
                    className={TIME_INPUT_CLASSES}
                    {...register(`schedule.${day}.${index}.open`)}
                  />
                  <span className="text-sm text-slate-500">to</span>
                  <ClosingInput
                    day={day}
                    index={index}
                    label={name}
                    control={control}
                    isInvalid={Boolean(error?.close)}
                  />
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
          {fields.length < MAX_OPENINGS ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="justify-self-start"
              onClick={() => append({ open: '18:00', close: '21:00' })}
            >
              <Plus aria-hidden="true" className="size-3.5" />
              Add hours<span className="sr-only"> on {label}</span>
            </Button>
          ) : null}
          {dayMessage ? <p className="text-sm text-red-700">{dayMessage}</p> : null}
        </div>
      )}
    </div>
  );
}

/**
 * The business's time zone and weekly opening hours (decision 025), for admins. Outside them
 * leads are kept but ring nobody, unless their flow is urgent; the response timer starts at the
 * next opening.
 */
export function BusinessHoursEditor({ entity }: { entity: Entity }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<BusinessHoursForm>({ resolver, defaultValues: toForm(entity) });
  const { errors } = form.formState;
  const [timeZone, isAlwaysOpen] = useWatch({ control: form.control, name: ['timeZone', 'isAlwaysOpen'] });
  const zones = useMemo(() => timeZoneOptions(entity.timeZone), [entity.timeZone]);
  const mutation = useMutation({
    mutationFn: (values: BusinessHoursForm) => updateBusinessHours(entity.id, toBusinessHours(values)),
    onMutate: () => setSaved(false),
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
        hint="Business hours, team members’ quiet hours, the morning summary and insights’ days are in this zone."
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
                  text: 'Leads outside these hours are kept and ring nobody (unless their flow is urgent); their response target starts when you open, and a morning summary lists them.',
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
        <div className="grid">
          <p className="text-sm text-slate-500">
            Times are in {timeZone.replaceAll('_', ' ')}. Closing at midnight (00:00, or 12:00 AM) ends the day; for
            hours past midnight, open the next day too.
          </p>
          {DAYS.map(({ day, label }) => (
            <DaySchedule
              key={day}
              day={day}
              label={label}
              control={form.control}
              register={form.register}
              errors={errors.schedule}
            />
          ))}
        </div>
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
