import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interviewTranscriptSchema } from '@app/shared';
import { getInterviewForUser } from '../../../services/interviews';
import { listTurns, toTranscriptDto } from '../../../interview/store';
import { idParams } from '../schemas';

const interviewParams = idParams('Interview');

/** GET /api/interviews/{id}/transcript: the stored turns, for the interview's candidate or an admin. */
const transcriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/interviews/:id/transcript',
    {
      preHandler: app.authenticate,
      schema: { params: interviewParams, response: { 200: interviewTranscriptSchema } },
    },
    async (request) => {
      // 404 for anyone but the candidate and admins, without saying whether it exists.
      const interview = await getInterviewForUser(app.db, request.params.id, request.auth!);
      const turns = await listTurns(app.db, interview.id);
      return { interview_id: interview.id, turns: turns.map(toTranscriptDto) };
    },
  );
};
export default transcriptRoutes;
