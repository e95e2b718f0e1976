import { SelectPlanForm } from '../../features/entities/components/select-plan-form.tsx';
import { useRequiredMe } from '../../lib/auth.ts';
import { OnboardingLayout } from '../layouts/onboarding-layout.tsx';

export function OnboardingPlanPage() {
  const me = useRequiredMe();
  return (
    <OnboardingLayout
      step={2}
      wide
      title="Select your plan"
      description="Pick the monthly volume that fits. You can change plans later: a larger plan starts at once, a smaller one from the next billing cycle."
    >
      {/* The guard only lets users at the plan step in, and they have an entity by definition. */}
      {me.entity ? <SelectPlanForm entityId={me.entity.id} /> : null}
    </OnboardingLayout>
  );
}
