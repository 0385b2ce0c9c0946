import { Onboarding } from '../../features/onboarding/components/Onboarding';
import { SelfIdentificationForm } from '../../features/compliance/components/SelfIdentificationForm';

/** The onboarding wizard, offering the compliance feature's voluntary self-identification (decision 0232). */
export function OnboardingPage() {
  return <Onboarding selfIdentification={<SelfIdentificationForm />} />;
}
