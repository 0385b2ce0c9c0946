import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function OnboardingPage() {
  return <PagePlaceholder title="Complete your profile" />;
}
