import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from '../accounts';
import { InvitationTokens } from './tokens';

/** The app's invitation tokens, keyed by its signing secret (the same on every instance). */
export const campaignTokens = (app: FastifyInstance) =>
  new InvitationTokens(resolveJwtSecret(app.config.JWT_SECRET, app.config.dataDir));
