/** Business constants from the specification (part 1 section 9, part 2 section 9). */
export const PRODUCT_NAME = 'Human Data Studio';
export const SUPPORT_EMAIL = 'support@humandata.studio';

export const MIN_PASSWORD_LENGTH = 6;
export const TOKEN_STORAGE_KEY = 'token';

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

export const WEEKLY_HOURS_CAP = 40;
export const DEFAULT_HOURLY_PAY = 21;
export const FEEDBACK_MAX_LENGTH = 1000;

export const MIC_ACTIVITY_THRESHOLD = 0.02;
export const MIC_SUPPRESS_AFTER_PLAYBACK_MS = 150;
export const RECONNECT_MAX_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 1000;
export const AUDIO_SAMPLE_RATE = 24000;
export const MIC_CHUNK_SAMPLES = 2400;

export const DEFAULT_BIO = 'Creative professional';
export const DEFAULT_AVAILABILITY_TEXT =
  'Remote-friendly (US time zones). Geography restricted to the US, UK and Canada. Commitment aligned with the position type.';

export const ROLES = ['candidate', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A practice interview asks exactly this many questions: the intro and the greeting say so (decision 0183). */
export const PRACTICE_QUESTIONS = 2;
/** And lasts at most this many minutes. */
export const PRACTICE_MAX_MINUTES = 5;
