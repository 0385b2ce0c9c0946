import { NavButton } from './NavButton';
import { primaryButtonClass } from './form-styles';

/**
 * Starts the candidate's application for a job that waits for its interview (invited, or allowed a
 * retake): the equipment check, whose start reuses that application (decision 0169).
 */
export function StartInterviewButton({ jobId, className = '' }: { jobId: string; className?: string }) {
  return (
    <NavButton
      to={`/job-application-onboarding?jobId=${encodeURIComponent(jobId)}`}
      className={`${primaryButtonClass} ${className}`}
    >
      Start Interview
    </NavButton>
  );
}
