import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function EquipmentCheckPage() {
  return <PagePlaceholder title="Let's get you set up" />;
}
