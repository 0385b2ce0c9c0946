import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_REMINDERS,
  MAX_INVITATION_CSV_BYTES,
  MAX_INVITEES,
  extensionGrantSchema,
  invitationSchema,
  invitationsCreateReplySchema,
  invitationsCreateSchema,
  invitationsCsvQuerySchema,
  reminderScheduleSchema,
} from '@app/shared';
import { idParams } from '../http/route-schemas';
import { unprocessable } from '../http/http-errors';
import { readInvitationCsv, type CsvRow } from './csv-stream';
import { createCampaign, type CampaignInput } from './create';
import { grantExtension, listInvitations } from './invitations';
import { campaignTokens } from './tokens-of-app';
import { queueInvitationEmails } from './emails';

/** What the CSV parser hands the route: the rows, kept apart from a JSON body by their wrapper. */
type CsvBody = { csvRows: CsvRow[] };
const isCsvBody = (body: unknown): body is CsvBody =>
  typeof body === 'object' && body !== null && Array.isArray((body as CsvBody).csvRows);

/** "48, 72" → [48, 72], checked like the JSON form's hours. */
function hoursList(text: string | undefined, fallback: number[], field: string): number[] {
  if (text === undefined) return fallback;
  if (text.trim() === '') return [];
  return text.split(',').map((h) => {
    const n = Number(h.trim());
    if (!Number.isInteger(n)) throw unprocessable(`${field} must be whole hours separated by commas`);
    return n;
  });
}

function csvInput(rows: CsvRow[], query: z.infer<typeof invitationsCsvQuerySchema>): CampaignInput {
  if (!rows.length) throw unprocessable('The CSV has no rows under its header');
  const reminders = reminderScheduleSchema.parse({
    after_invite_hours: hoursList(query.after_invite_hours, DEFAULT_REMINDERS.after_invite_hours, 'after_invite_hours'),
    before_deadline_hours: hoursList(
      query.before_deadline_hours,
      DEFAULT_REMINDERS.before_deadline_hours,
      'before_deadline_hours',
    ),
  });
  return {
    invitees: rows,
    deadline: query.deadline ? new Date(query.deadline) : null,
    name: query.name ?? null,
    reminders,
  };
}

function jsonInput(body: unknown): CampaignInput {
  const parsed = invitationsCreateSchema.parse(body);
  return {
    // A pasted list's "line" is the person's place in it, counted from 1 like a file's lines.
    invitees: parsed.invitees.map((p, i) => ({ line: i + 1, email: p.email, name: p.name?.trim() || null })),
    deadline: parsed.deadline ? new Date(parsed.deadline) : null,
    name: parsed.name ?? null,
    reminders: parsed.reminders,
  };
}

const invitationParams = idParams('Job').extend({ invitationId: z.uuid({ message: 'Invitation id must be a UUID' }) });

/** Campaign invitations of a job (issue 47): create from JSON or a CSV, list, grant more time. Admin only. */
const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = campaignTokens(app);
  // The CSV is read as it streams in (csv-stream.ts); only this group takes text/csv.
  app.addContentTypeParser('text/csv', async (_request: unknown, payload: NodeJS.ReadableStream) => ({
    csvRows: await readInvitationCsv(payload as never, MAX_INVITATION_CSV_BYTES, MAX_INVITEES),
  }));

  app.post(
    '/admin/jobs/:id/invitations',
    {
      schema: {
        params: idParams('Job'),
        querystring: invitationsCsvQuerySchema,
        response: { 201: invitationsCreateReplySchema },
      },
      // 10,000 rows of JSON or CSV; every other route keeps the app's 1 MB.
      bodyLimit: MAX_INVITATION_CSV_BYTES,
      // Each call may mail thousands of people: a slip of the hand must not repeat it a hundred times.
      // The provider's own systems may send invitations with an API key (issue 47).
      config: { rateLimit: { max: 30, timeWindow: '1 hour' }, apiKeyScope: 'write:invitations' },
    },
    async (request, reply) => {
      const began = performance.now();
      const input = isCsvBody(request.body) ? csvInput(request.body.csvRows, request.query) : jsonInput(request.body);
      const { reply: result, invitationIds } = await createCampaign(app.db, tokens, {
        jobId: request.params.id,
        adminId: request.auth!.sub,
        input,
        now: new Date(),
      });
      // After the commit: a failure above stored nothing and mailed no one.
      await queueInvitationEmails(app.queue, invitationIds);
      const seconds = (performance.now() - began) / 1000;
      request.log.info(
        {
          jobId: request.params.id,
          created: result.created,
          skipped: result.skipped.length,
          seconds,
          perSecond: Math.round(result.created / seconds),
        },
        'invitation campaign created',
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/admin/jobs/:id/invitations',
    {
      schema: { params: idParams('Job'), response: { 200: z.array(invitationSchema) } },
      // A key that sends invitations may follow them.
      config: { apiKeyScope: 'write:invitations' },
    },
    async (request) => listInvitations(app.db, app.events, request.params.id, new Date()),
  );

  app.post(
    '/admin/jobs/:id/invitations/:invitationId/extension',
    { schema: { params: invitationParams, body: extensionGrantSchema, response: { 200: invitationSchema } } },
    async (request) => {
      const invitation = await grantExtension(app.db, {
        jobId: request.params.id,
        invitationId: request.params.invitationId,
        deadline: new Date(request.body.deadline),
        now: new Date(),
      });
      await app.queue.send('campaign-email', { invitationId: invitation.id, kind: 'extended' });
      return invitation;
    },
  );
};
export default adminCampaignRoutes;
