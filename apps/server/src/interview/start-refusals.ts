/** Why a live interview `start` is refused: the `error` texts the socket sends (decisions 0088, 0124, 0169). */

export const ONE_LIVE_SESSION =
  'You already have a live interview open in another window or tab. Close it before starting another one.';
/** A `start` for a job that is archived or not yet published. */
export const JOB_NOT_ACCEPTING_INTERVIEWS = 'This job is not accepting interviews right now.';
export const INTERVIEWERS_BUSY =
  'All interviewers are busy right now. Your interview has not started: please try again in a few minutes.';

/** A practice start from an account that has not finished onboarding (decision 0169). */
export const PRACTICE_NEEDS_PROFILE = 'Complete your profile before starting a practice interview.';
export const PRACTICE_BUSY =
  'All practice interviewers are busy right now. Your practice has not started: please try again in a few minutes.';
export const practiceTooOften = (seconds: number) =>
  `Too many practice interviews from your network. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;

/** The live sessions practice may hold: half of the instance's, at least one (decision 0169). */
export const practiceShare = (maxLive: number) => Math.max(1, Math.floor(maxLive / 2));
