import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function InterviewPrepPage() {
  return <PagePlaceholder title="Interview practice" />;
}
