import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function ApplicationWizardPage() {
  return <PagePlaceholder title="Complete Your Application" />;
}
