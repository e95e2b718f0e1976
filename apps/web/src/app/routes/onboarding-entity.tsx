import { Card } from '../../components/ui/card.tsx';
import { CreateEntityForm } from '../../features/entities/components/create-entity-form.tsx';
import { OnboardingLayout } from '../layouts/onboarding-layout.tsx';

export function OnboardingEntityPage() {
  return (
    <OnboardingLayout
      step={1}
      title="Create Your Entity"
      description="An entity is your business in Leadbell: its flows, API keys and notifications live under it."
    >
      <Card className="p-5 sm:p-7">
        <CreateEntityForm />
      </Card>
    </OnboardingLayout>
  );
}
