/**
 * Pure rules of the per-job application wizard and the equipment check (docs/product/screens/application.md, docs/product/rules.md,
 * 5 and 8): its steps, their validation and its error texts.
 */
import { DEFAULT_AVAILABILITY_TEXT } from './constants';
import { filled } from './profile-form';
import type { WorkAuthorization } from './schemas/profile';

// ---------------------------------------------------------------------------------------------
// Application wizard
// ---------------------------------------------------------------------------------------------

export const APPLICATION_ERRORS = {
  resume: 'Please upload your resume',
  workAuthorization: 'Please select work authorization status',
  availability: 'Please confirm your availability',
  equipment: 'Please ensure your camera and microphone are working',
  load: 'Failed to load profile or job data',
  save: 'Failed to update profile',
  media: 'Unable to access camera/microphone. Please allow permissions and try again.',
  existingInterview: 'You have already completed this interview. Visit your status page for updates.',
  statusCheck: 'Unable to verify your application status. Please refresh and try again.',
} as const;

export const EQUIPMENT_CHECK_ERRORS = {
  media: 'Unable to access camera/microphone. Please allow permissions and refresh the page.',
  existingInterview:
    'You have already completed this interview. Visit your status page for updates instead of reapplying.',
  statusCheck: 'Unable to verify your application status right now. Please refresh and try again.',
} as const;

export type ApplicationStepId = 'resume' | 'work_authorization' | 'availability' | 'equipment';

export const APPLICATION_STEP_TITLES: Record<ApplicationStepId, string> = {
  resume: 'Upload Resume',
  work_authorization: 'Work Authorization',
  availability: 'Availability',
  equipment: 'Equipment Check',
};

/** The wizard's steps: Work Authorization only when the profile has none (docs/product/screens/application.md). */
export function buildApplicationSteps(profile: { work_authorization?: string | null } | null): ApplicationStepId[] {
  return profile?.work_authorization
    ? ['resume', 'availability', 'equipment']
    : ['resume', 'work_authorization', 'availability', 'equipment'];
}

export type ApplicationState = {
  resumeUrl: string;
  workAuthorization: WorkAuthorization | '';
  citizenship: string;
  availabilityConfirmed: boolean;
  cameraReady: boolean;
  micReady: boolean;
};

export function validateApplicationStep(step: ApplicationStepId, state: ApplicationState): string | null {
  switch (step) {
    case 'resume':
      return filled(state.resumeUrl) ? null : APPLICATION_ERRORS.resume;
    case 'work_authorization':
      return state.workAuthorization ? null : APPLICATION_ERRORS.workAuthorization;
    case 'availability':
      return state.availabilityConfirmed ? null : APPLICATION_ERRORS.availability;
    case 'equipment':
      return state.cameraReady && state.micReady ? null : APPLICATION_ERRORS.equipment;
  }
}

/** The default availability text with the commitment spelled out for the job's position type. */
export function availabilityTextFor(positionType: string | null | undefined): string {
  const type = (positionType ?? '').trim();
  return type
    ? DEFAULT_AVAILABILITY_TEXT.replace('the position type', `the position type (${type})`)
    : DEFAULT_AVAILABILITY_TEXT;
}
