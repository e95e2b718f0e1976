import { z } from 'zod';
import { EntitySchema } from './entities.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ONBOARDING_STEPS = ['entity', 'plan', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Spec section 4: no entity → "entity"; entity without plan → "plan"; otherwise "complete". */
export function onboardingStepOf(entity: { plan: string | null } | null): OnboardingStep {
  if (!entity) return 'entity';
  return entity.plan ? 'complete' : 'plan';
}

/** `GET /v1/me`: who is signed in, their entity and where onboarding stands. */
export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    entityId: z.string().nullable(),
  }),
  entity: EntitySchema.nullable(),
  /** Names of the entity's admins, so a member knows whom to ask (empty without an entity). */
  admins: z.array(z.string()),
  onboardingStep: z.enum(ONBOARDING_STEPS),
});
export type Me = z.infer<typeof MeSchema>;
