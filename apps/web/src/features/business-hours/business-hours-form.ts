import { zodResolver } from '@hookform/resolvers/zod';
import {
  BusinessHoursSchema,
  WEEKDAY_OFFICE_HOURS,
  WEEKDAYS,
  type BusinessHours,
  type Closure,
  type Opening,
  type Weekday,
} from '@leadbell/shared/business-hours';
import type { Entity } from '@leadbell/shared/entities';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** A closure as its inputs hold it: an empty last day is the first day, an empty label none. */
export type ClosureFields = { from: string; to: string; label: string };

/**
 * The form keeps a schedule while "Always open" is chosen, so switching back restores it. Its
 * paths (`schedule.mon.0.close`, `schedule.closures.0.to`) are the shared schema's, so the
 * schema's messages land on their fields.
 */
export type BusinessHoursForm = {
  timeZone: string;
  isAlwaysOpen: boolean;
  schedule: Record<Weekday, Opening[]> & { closures: ClosureFields[] };
};

export const NEW_CLOSURE: ClosureFields = { from: '', to: '', label: '' };

export function toForm(entity: Pick<Entity, 'timeZone' | 'businessHours'>): BusinessHoursForm {
  const schedule = entity.businessHours ?? WEEKDAY_OFFICE_HOURS;
  return {
    timeZone: entity.timeZone,
    isAlwaysOpen: entity.businessHours === null,
    schedule: {
      ...(Object.fromEntries(WEEKDAYS.map((day) => [day, schedule[day]])) as Record<Weekday, Opening[]>),
      closures: (schedule.closures ?? []).map(({ from, to, label }) => ({
        from,
        to: to ?? from,
        label: label ?? '',
      })),
    },
  };
}

function toClosure({ from, to, label }: ClosureFields): Closure {
  const trimmed = label.trim();
  return { from, to: to || from, ...(trimmed && { label: trimmed }) };
}

/** What PATCH /v1/entities/:id takes; closures keep the form's order, so errors keep their paths. */
export function toBusinessHours({ timeZone, isAlwaysOpen, schedule }: BusinessHoursForm): BusinessHours {
  if (isAlwaysOpen) return { timeZone, schedule: null };
  const { closures, ...week } = schedule;
  return { timeZone, schedule: { ...week, ...(closures.length > 0 && { closures: closures.map(toClosure) }) } };
}

/** The hours to save: closures by date, as they will read after a reload. */
export function toSavedBusinessHours(values: BusinessHoursForm): BusinessHours {
  const hours = toBusinessHours(values);
  const closures = hours.schedule?.closures;
  if (!closures) return hours;
  return {
    ...hours,
    schedule: { ...hours.schedule!, closures: [...closures].sort((a, b) => a.from.localeCompare(b.from)) },
  };
}

const validateBusinessHours = zodResolver(BusinessHoursSchema);

/** The shared schema's rules and messages, on the form's values. */
export const businessHoursResolver: Resolver<BusinessHoursForm> = async (values, context, options) => {
  // The options carry the fields' elements by path, so the first invalid field still gets focus.
  const result = await validateBusinessHours(toBusinessHours(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as FieldErrors<BusinessHoursForm> }
    : { values, errors: {} };
};
