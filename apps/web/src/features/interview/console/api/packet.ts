import { downloadWithToken } from '../../../../lib/download';

/**
 * GET /api/admin/interviews/{id}/packet.pdf or packet.zip: the candidate packet (issue 47). It needs
 * the bearer token, so it is fetched and handed to the browser to save under the server's file name.
 */
export const downloadPacket = (interviewId: string, format: 'pdf' | 'zip') =>
  downloadWithToken(`/admin/interviews/${encodeURIComponent(interviewId)}/packet.${format}`, `packet.${format}`);
