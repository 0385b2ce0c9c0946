/**
 * Logs every time an admin opens a candidate's recording or résumé, or downloads their packet. Done
 * from the reply of the routes that serve them (as the notification e-mails are), so those routes
 * stay about serving bytes. A video player fetches in ranges: only the first request of a viewing
 * (no Range, or one starting at byte 0) counts as an opening.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hookRoutes } from '../http/route-hooks';
import { logPacketAccess, logRecordingAccess, logResumeAccess } from './file-access-log';

const isOpening = (request: FastifyRequest) => {
  const range = request.headers.range;
  return !range || /^bytes=0-/.test(range.trim());
};

/** The routes that serve a candidate's recording or résumé, and how to log an opening of each. */
const LOGGED: Record<string, typeof logRecordingAccess> = {
  '/api/interviews/:id/recording': logRecordingAccess,
  // The console's player opens a recording sent in chunks through its playlist (decision 0145).
  '/api/interviews/:id/recording/playlist': logRecordingAccess,
  '/api/files/:id': logResumeAccess,
  // The candidate packet carries the recording (issue 47).
  '/api/admin/interviews/:id/packet.pdf': logPacketAccess,
  '/api/admin/interviews/:id/packet.zip': logPacketAccess,
};

export default fp(
  async function accessLogPlugin(app: FastifyInstance) {
    // onSend, not onResponse: the entry is written before the bytes go out, so whoever reads the
    // access history after an opening (the console, a test) finds it there.
    const applies = (route: { method: string; url: string }) => route.method === 'GET' && route.url in LOGGED;
    hookRoutes(app, 'onSend', applies, async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth || auth.role !== 'admin' || reply.statusCode >= 300 || !isOpening(request)) return payload;
      const id = (request.params as { id?: string } | undefined)?.id;
      const log = LOGGED[request.routeOptions.url ?? ''];
      if (!id || !log) return payload;
      try {
        await log(app.db, auth.sub, id);
      } catch (err) {
        request.log.error({ err }, 'could not log the file access');
      }
      return payload;
    });
  },
  { name: 'access-log' },
);
