import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interviewTranscriptSchema } from '@app/shared';
import { getInterviewForUser, listTurns, toTranscriptDto } from '../../interview';
import { latestCorrections } from '../corrections';
import { idParams } from '../../http/route-schemas';

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
      // The candidate's corrections beside their turns (issue 35); the stored text stays as heard.
      const corrections = new Map((await latestCorrections(app.db, interview.id)).map((c) => [c.seq, c.text]));
      return {
        interview_id: interview.id,
        turns: turns.map((t) => {
          const correction = corrections.get(t.seq);
          return { ...toTranscriptDto(t), ...(correction !== undefined && { candidate_correction: correction }) };
        }),
      };
    },
  );
};
export default transcriptRoutes;
