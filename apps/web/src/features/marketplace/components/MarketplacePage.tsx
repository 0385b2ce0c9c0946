import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function MarketplacePage() {
  return <PagePlaceholder title="Marketplace" />;
}
