import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function EarningsPage() {
  return <PagePlaceholder title="Earnings" />;
}
