import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function RealtimeInterviewPage() {
  return <PagePlaceholder title="Interview" />;
}
