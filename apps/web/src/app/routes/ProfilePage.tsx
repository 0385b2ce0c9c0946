import { Profile } from '../../features/profile/components/Profile';
import { SelfIdentificationForm } from '../../features/compliance/components/SelfIdentificationForm';

/** The profile, with the compliance feature's voluntary self-identification card (decision 0232). */
export function ProfilePage() {
  return <Profile selfIdentification={<SelfIdentificationForm />} />;
}
