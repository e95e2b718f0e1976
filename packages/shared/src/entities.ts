import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import { TimeZoneSchema, WeeklyScheduleSchema } from './business-hours.ts';
import { EmailSchema, textField } from './fields.ts';
import { PlanIdSchema } from './plans.ts';

export const CreateEntitySchema = z.object({
  name: textField({
    required: 'Entity name is required',
    min: [3, 'Please enter a valid Entity name.'],
    max: [100, 'Entity name must be 100 characters or less.'],
  }),
  /** The browser's zone at onboarding, for business hours and digests; UTC when left out. */
  timeZone: TimeZoneSchema.optional(),
  /**
   * The browser's locale (`en-GB`): with the zone, it guesses the business's country and currency
   * (issue 49); one that is not a locale is ignored.
   */
  locale: z.string({ error: 'Locale must be text.' }).max(64, 'Locale must be 64 characters or less.').optional(),
});
export type CreateEntity = z.infer<typeof CreateEntitySchema>;

export const SelectPlanSchema = z.object({ plan: PlanIdSchema });
export type SelectPlan = z.infer<typeof SelectPlanSchema>;

export const EntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: PlanIdSchema.nullable(),
  /** A smaller plan chosen after onboarding; replaces `plan` when the next billing month starts (a larger one replaces it at once). */
  pendingPlan: PlanIdSchema.nullable(),
  pendingPlanFrom: z.string().nullable(),
  /** ISO 3166 country of phone numbers written without a country code (decision 024). */
  defaultCountry: z.string().nullable(),
  /** IANA zone business hours, quiet hours and digests are read in (decision 025). */
  timeZone: z.string(),
  /** Null: always open. */
  businessHours: WeeklyScheduleSchema.nullable(),
  /** Where visitors' answers to acknowledgements go (decision 047); null: the owner's email. */
  replyToEmail: z.string().nullable(),
  /** ISO 4217 code of the money won leads are worth; null: USD. */
  currency: z.string().nullable(),
  createdAt: z.string(),
});
export type Entity = z.infer<typeof EntitySchema>;

const COUNTRY_MESSAGE = 'Choose a country.';
const CURRENCY_MESSAGE = 'Choose a currency.';

/** Every ISO 4217 code the runtime can format, the choices for the entity's currency. */
export function currencyCodes(): string[] {
  return Intl.supportedValuesOf('currency');
}

/** `PATCH /v1/entities/:id`: the business's settings an admin may change. */
export const UpdateEntitySchema = z.object({
  defaultCountry: z
    .string({ error: COUNTRY_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((code) => isSupportedCountry(code), COUNTRY_MESSAGE)
    .nullable()
    .optional(),
  timeZone: TimeZoneSchema.optional(),
  businessHours: WeeklyScheduleSchema.nullable().optional(),
  /** Null: the owner's email. */
  replyToEmail: EmailSchema.nullable().optional(),
  currency: z
    .string({ error: CURRENCY_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((code) => currencyCodes().includes(code), CURRENCY_MESSAGE)
    .nullable()
    .optional(),
});
export type UpdateEntity = z.infer<typeof UpdateEntitySchema>;
