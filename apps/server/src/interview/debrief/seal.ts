/**
 * The seal of a practice debrief (decision 0171): the live session signs the debrief it computed for
 * one account, and only a debrief with its seal may be kept, so every figure kept was computed here.
 */
import crypto from 'node:crypto';
import { debriefSchema, type Debrief } from '@app/shared';
import type { Config } from '../../config/env';
import { resolveJwtSecret } from '../../accounts';

export class DebriefSeal {
  private readonly key: Buffer;
  constructor(secret: string) {
    // Its own key, derived from the JWT secret: a seal can never pass as a token or a file link.
    this.key = crypto.createHmac('sha256', secret).update('practice-debrief-v1').digest();
  }

  /** Over the debrief as the schema reads it, so the key order and extra fields of a round trip do not matter. */
  seal(userId: string, debrief: Debrief): string {
    const canonical = JSON.stringify(debriefSchema.parse(debrief));
    return crypto.createHmac('sha256', this.key).update(`${userId}\n${canonical}`).digest('base64url');
  }

  verify(userId: string, debrief: Debrief, seal: string): boolean {
    const expected = Buffer.from(this.seal(userId, debrief));
    const given = Buffer.from(seal);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}

/** The seal every instance shares: it derives from the same secret as the tokens. */
export const debriefSealFor = (config: Pick<Config, 'JWT_SECRET' | 'dataDir'>) =>
  new DebriefSeal(resolveJwtSecret(config.JWT_SECRET, config.dataDir));
