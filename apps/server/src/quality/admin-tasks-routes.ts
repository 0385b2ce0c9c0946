import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTaskSchema,
  itemsUploadRequestSchema,
  workSamplePoolSchema,
  workSampleItemSchema,
  taskAssignRequestSchema,
  taskBulkAssignRequestSchema,
  taskReviewRequestSchema,
} from '@app/shared';
import { assignTask, assignTasks, reviewTask } from './tasks';
import { createTasks, retirePoolItem, workSamplePool } from './items';
import { idParams } from '../http/route-schemas';

const taskParams = idParams('Task');

/** The provider's side of creative tasks: create, assign, review (listings live with the provider console). Admin only. */
const adminTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/jobs/:id/tasks',
    {
      schema: {
        params: idParams('Job'),
        body: itemsUploadRequestSchema,
        response: { 201: z.array(z.union([adminTaskSchema, workSampleItemSchema])) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTasks(app.db, request.params.id, request.body.tasks, request.body.raters_per_item)),
  );

  app.get(
    '/admin/jobs/:id/work-sample',
    { schema: { params: idParams('Job'), response: { 200: workSamplePoolSchema } } },
    async (request) => workSamplePool(app.db, request.params.id),
  );

  app.delete(
    '/admin/work-sample-items/:id',
    { schema: { params: idParams('Work-sample item') } },
    async (request, reply) => {
      await retirePoolItem(app.db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/tasks/assign',
    { schema: { body: taskBulkAssignRequestSchema, response: { 200: z.array(adminTaskSchema) } } },
    async (request) => assignTasks(app.db, request.body.assignments),
  );

  app.post(
    '/admin/tasks/:id/assign',
    { schema: { params: taskParams, body: taskAssignRequestSchema, response: { 200: adminTaskSchema } } },
    async (request) => assignTask(app.db, request.params.id, request.body.user_id),
  );

  app.post(
    '/admin/tasks/:id/review',
    { schema: { params: taskParams, body: taskReviewRequestSchema, response: { 200: adminTaskSchema } } },
    async (request) => reviewTask(app.db, request.params.id, request.body, request.auth!.sub),
  );
};
export default adminTasksRoutes;
