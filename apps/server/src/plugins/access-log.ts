/**
 * Logs every time an admin opens a candidate's recording or résumé. Done from the reply of the
 * routes that serve them (as the notification e-mails are), so those routes stay about serving
 * bytes. A video player fetches in ranges: only the first request of a viewing (no Range, or one
 * starting at byte 0) counts as an opening.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { logRecordingAccess, logResumeAccess } from '../services/file-access-log';

const isOpening = (request: FastifyRequest) => {
  const range = request.headers.range;
  return !range || /^bytes=0-/.test(range.trim());
};

export default fp(
  async function accessLogPlugin(app: FastifyInstance) {
    // onSend, not onResponse: the entry is written before the bytes go out, so whoever reads the
    // access history after an opening (the console, a test) finds it there.
    app.addHook('onSend', async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth || auth.role !== 'admin' || request.method !== 'GET' || reply.statusCode >= 300) return payload;
      if (!isOpening(request)) return payload;
      const id = (request.params as { id?: string } | undefined)?.id;
      if (!id) return payload;
      const route = request.routeOptions.url;
      try {
        if (route === '/api/interviews/:id/recording') await logRecordingAccess(app.db, auth.sub, id);
        else if (route === '/api/files/:id') await logResumeAccess(app.db, auth.sub, id);
      } catch (err) {
        request.log.error({ err }, 'could not log the file access');
      }
      return payload;
    });
  },
  { name: 'access-log' },
);
