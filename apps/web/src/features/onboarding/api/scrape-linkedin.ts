import type { LinkedinImport } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/profile/scrape-linkedin (bearer). */
export const scrapeLinkedin = (linkedinUrl: string) =>
  apiRequest<Partial<LinkedinImport>>('/profile/scrape-linkedin', { body: { linkedin_url: linkedinUrl } });
