import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function PlaceholderInterviewPage() {
  return <PagePlaceholder title="Interview in Progress" />;
}
