import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function AdminConsolePage() {
  return <PagePlaceholder title="Provider console" />;
}
