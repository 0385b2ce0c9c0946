/**
 * The secret in an invitation's links. It is derived from the invitation's id with an HMAC under
 * the server's secret, so a reminder sent weeks later can carry the same links, while the database
 * keeps only its SHA-256 (`invitations.token_hash`): a copy of the tables opens no invitation.
 */
import crypto from 'node:crypto';

export class InvitationTokens {
  constructor(private readonly secret: string) {}

  /** The token in the links of invitation `id` (43 URL-safe characters). */
  tokenFor(invitationId: string): string {
    return crypto.createHmac('sha256', this.secret).update(`invitation:${invitationId}`).digest('base64url');
  }

  /** What the database keeps, and what a link is looked up by. */
  static hash(token: string): string {
    return crypto.createHash('sha256').update(token).digest('hex');
  }
}
