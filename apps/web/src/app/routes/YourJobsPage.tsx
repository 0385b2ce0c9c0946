import { useAuth } from '../../lib/auth';
import { YourJobs } from '../../features/jobs/components/YourJobs';
import { PayoutsTable } from '../../features/earnings/components/PayoutsTable';
import { MyInvitations } from '../../features/campaigns/components/MyInvitations';

/** Your Jobs, with the earnings feature's payouts table in an open job's Payments section (decision 0232). */
export function YourJobsPage() {
  const { user } = useAuth();
  return <YourJobs payouts={<PayoutsTable userId={user?.id} className="mt-4" />} invitations={<MyInvitations />} />;
}
