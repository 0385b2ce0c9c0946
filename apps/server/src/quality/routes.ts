import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { annotationTaskSchema, taskSubmitRequestSchema } from '@app/shared';
import { assertSelfOrAdmin } from '../lib/authz';
import { getTaskForUser, listTasksForUser, startTask, submitTask } from './tasks';

const taskParams = z.object({ taskId: z.uuid({ message: 'Task id must be a UUID' }) });
/** The schema of the routes that answer with the one task the path names. */
const oneTask = { schema: { params: taskParams, response: { 200: annotationTaskSchema } } };

/** Creative tasks as the candidate works them. Start and submit are for the assignee only. */
const annotationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/annotations/user/:userId',
    {
      schema: {
        params: z.object({ userId: z.uuid({ message: 'User id must be a UUID' }) }),
        response: { 200: z.array(annotationTaskSchema) },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request.auth!, request.params.userId);
      return listTasksForUser(app.db, request.params.userId);
    },
  );

  app.get('/annotations/:taskId', oneTask, async (request) =>
    getTaskForUser(app.db, request.params.taskId, request.auth!),
  );

  app.post('/annotations/:taskId/start', oneTask, async (request) =>
    startTask(app.db, request.params.taskId, request.auth!.sub),
  );

  app.post(
    '/annotations/:taskId/submit',
    { schema: { params: taskParams, body: taskSubmitRequestSchema, response: { 200: annotationTaskSchema } } },
    async (request) => {
      const task = await submitTask(app.db, request.params.taskId, request.auth!.sub, request.body);
      app.events.emit('task.submitted', { taskId: request.params.taskId });
      return task;
    },
  );
};
export default annotationsRoutes;
