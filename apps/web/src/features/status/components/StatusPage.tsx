import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function StatusPage() {
  return <PagePlaceholder title="Interview Status" />;
}
