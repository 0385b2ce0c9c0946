import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function AnnotatePage() {
  return <PagePlaceholder title="Creative Task" />;
}
