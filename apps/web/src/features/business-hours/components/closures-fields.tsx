import { MAX_CLOSURES } from '@leadbell/shared/business-hours';
import { CalendarOff, Plus, X } from 'lucide-react';
import { useId, useMemo } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NEW_CLOSURE, type BusinessHoursForm, type ClosureFields } from '../business-hours-form.ts';
import { formatClosureDates, isPastClosure, todayIn } from '../closure-dates.ts';

// A phone opens its own date picker on tap: the calendar button only squeezes the date out of a 390 px row.
const DATE_INPUT_CLASSES = 'px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

type ClosureRowProps = {
  index: number;
  control: Control<BusinessHoursForm>;
  register: UseFormRegister<BusinessHoursForm>;
  setValue: UseFormSetValue<BusinessHoursForm>;
  errors: FieldErrors<ClosureFields> | undefined;
  today: string;
  onRemove: () => void;
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function ClosureRow({ index, control, register, setValue, errors, today, onRemove }: ClosureRowProps) {
  const id = useId();
  const name = `Closure ${index + 1}`;
  // Guards the render between a removal and the row's unmounting, when its index may be empty.
  const { from, to, label } = useWatch({ control, name: `schedule.closures.${index}` }) ?? NEW_CLOSURE;
  const isComplete = Boolean(from) && (!to || to >= from);
  const describedBy = (key: keyof ClosureFields) => (errors?.[key] ? `${id}-${key}-error` : undefined);
  return (
    <li role="group" aria-label={name} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <CalendarOff aria-hidden="true" className="size-4 text-slate-400" />
        <span className="min-w-0 text-sm font-medium break-words text-slate-900">
          {isComplete ? formatClosureDates({ from, to: to || from }, { today }) : 'New closure'}
          {label.trim() ? <span className="font-normal text-slate-500">: {label.trim()}</span> : null}
        </span>
        {isComplete && isPastClosure({ from, to: to || from }, today) ? <Badge>Past</Badge> : null}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[10.5rem_10.5rem_minmax(0,1fr)] sm:items-start">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-from`}>First day</Label>
          <Controller
            control={control}
            name={`schedule.closures.${index}.from`}
            render={({ field }) => (
              <Input
                id={`${id}-from`}
                type="date"
                className={DATE_INPUT_CLASSES}
                aria-invalid={errors?.from ? true : undefined}
                aria-describedby={describedBy('from')}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const value = event.target.value;
                  // A one-day closure is the usual one: the last day follows the first until set apart.
                  if (!to || to === field.value || (value && to < value))
                    setValue(`schedule.closures.${index}.to`, value, { shouldDirty: true });
                  field.onChange(value);
                }}
              />
            )}
          />
          <FieldError id={`${id}-from-error`} message={errors?.from?.message} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-to`}>Last day</Label>
          <Input
            id={`${id}-to`}
            type="date"
            min={from || undefined}
            className={DATE_INPUT_CLASSES}
            aria-invalid={errors?.to ? true : undefined}
            aria-describedby={describedBy('to')}
            {...register(`schedule.closures.${index}.to`)}
          />
          <FieldError id={`${id}-to-error`} message={errors?.to?.message} />
        </div>
        <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-label`}>
            Label <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <div className="flex items-center gap-1">
            <Input
              id={`${id}-label`}
              placeholder="Christmas"
              maxLength={60}
              aria-invalid={errors?.label ? true : undefined}
              aria-describedby={describedBy('label')}
              {...register(`schedule.closures.${index}.label`)}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${name.toLowerCase()}`}
              onClick={onRemove}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <FieldError id={`${id}-label-error`} message={errors?.label?.message} />
        </div>
      </div>
    </li>
  );
}

type ClosuresFieldsProps = {
  control: Control<BusinessHoursForm>;
  register: UseFormRegister<BusinessHoursForm>;
  setValue: UseFormSetValue<BusinessHoursForm>;
  errors: FieldErrors<BusinessHoursForm>['schedule'];
  timeZone: string;
};

/** Dated closures (decision 044): whole days, in the business's zone, that the weekly hours do not open. */
export function ClosuresFields({ control, register, setValue, errors, timeZone }: ClosuresFieldsProps) {
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'schedule.closures' });
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const listErrors = errors?.closures;
  const listMessage = listErrors?.root?.message ?? listErrors?.message;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-5">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Closures
        </h3>
        <p className="mt-0.5 text-sm text-slate-500">
          Holidays and other days you are closed all day. Leads on those days are kept and ring nobody, as after hours.
        </p>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
          No closures. Add Christmas, bank holidays or a team day out.
        </p>
      ) : (
        <ul className="grid gap-3">
          {fields.map((item, index) => (
            <ClosureRow
              key={item.id}
              index={index}
              control={control}
              register={register}
              setValue={setValue}
              errors={listErrors?.[index]}
              today={today}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      )}
      {listMessage ? <p className="text-sm text-red-700">{listMessage}</p> : null}
      {fields.length < MAX_CLOSURES ? (
        <Button
          type="button"
          variant="secondary"
          className="justify-self-start"
          onClick={() => append({ ...NEW_CLOSURE }, { focusName: `schedule.closures.${fields.length}.from` })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a closure
        </Button>
      ) : (
        <p className="text-sm text-slate-500">
          That is {MAX_CLOSURES} closures, the most a business keeps: remove past ones to add more.
        </p>
      )}
    </section>
  );
}
