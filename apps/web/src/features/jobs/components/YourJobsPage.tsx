import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function YourJobsPage() {
  return <PagePlaceholder title="Your Jobs" />;
}
