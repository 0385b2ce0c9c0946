/** The accounts domain's face: the only file of accounts/ that other folders import. */
export { checkPassword } from './account';
export { default as authPlugin, resolveJwtSecret } from './auth-plugin';
export type { TokenClaims } from './auth-plugin';
export {
  AI_NOTICE_REQUIRED,
  CONSENT_REQUIRED,
  giveConsent,
  hasAiAssessmentConsent,
  hasRecordingConsent,
  listConsents,
} from './consents';
export { defaultPrivacyNotice } from './privacy-notice';
export { getProfileMe } from './profiles';
export { default as adminApiKeysRoutes } from './routes/api-keys';
export { default as authRoutes } from './routes/auth';
export { default as filesRoutes } from './routes/files';
export { PASSWORD_CHECK_LIMIT, default as passwordRoutes, publicBase } from './routes/password';
export { default as profileRoutes } from './routes/profile';
export { invalidateSessionCache, onSessionsRevoked, revokeUserSessions } from './sessions';
export { FileLinks, uploadError } from './uploads';
export { ensureAdmin, hashPassword, lockUser } from './users';
