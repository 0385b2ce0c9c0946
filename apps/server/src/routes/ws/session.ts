import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { clientMessageSchema, INTERVIEW_MAX_MESSAGE_BYTES, type ClientMessage, type ServerMessage } from '@app/shared';
import type { TokenClaims } from '../../plugins/auth';
import { SessionManager } from '../../interview/manager';
import { buildProviders, type Providers } from '../../interview/providers';
import type { InterviewSession } from '../../interview/session';

declare module 'fastify' {
  interface FastifyInstance {
    interviewSessions: SessionManager;
  }
}

export type InterviewSocketOptions = {
  /** Providers to use instead of the configured ones (tests). */
  providers?: Providers;
};

/**
 * The live interview socket, `/ws/session?token=<session token>` (spec part 2 section 7).
 * JSON text frames with an `event` field. Bad frames get an `error` event; they never end the
 * connection or the server.
 */
async function interviewSocketRoutes(app: FastifyInstance, opts: InterviewSocketOptions = {}) {
  const config = app.config;
  // Above our own limit, so an oversized frame still gets a readable error; far above it, ws drops the connection.
  await app.register(websocket, { options: { maxPayload: INTERVIEW_MAX_MESSAGE_BYTES * 4 } });

  const providers = opts.providers ?? buildProviders(config);
  const manager = new SessionManager({
    db: app.db,
    providers,
    maxMinutes: config.INTERVIEW_MAX_MINUTES,
    maxQuestions: config.INTERVIEW_MAX_QUESTIONS,
    graceMs: config.INTERVIEW_RESUME_GRACE_SECONDS * 1000,
    settings: {
      windows: { base: config.INTERVIEW_SILENCE_MS, unfinished: config.INTERVIEW_SILENCE_MS * 3, waiting: 15000 },
    },
    log: app.log,
  });
  app.decorate('interviewSessions', manager);
  app.addHook('onClose', async () => {
    manager.close();
    providers.close();
  });

  app.get('/ws/session', { websocket: true }, (socket: WebSocket, request) => {
    const send = (msg: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    const token = (request.query as Record<string, unknown>).token;
    let user: TokenClaims;
    try {
      if (typeof token !== 'string' || !token) throw new Error('missing token');
      user = app.jwt.verify<TokenClaims>(token);
    } catch {
      send({ event: 'error', message: 'Not authenticated' });
      socket.close(4401, 'Not authenticated');
      return;
    }
    providers.warmUp();

    let session: InterviewSession | null = null;
    let starting = false;
    const owner = () => socket.close(4000, 'Replaced by a newer connection');

    socket.on('message', (data, isBinary) => {
      const size = Array.isArray(data)
        ? data.reduce((n, b) => n + b.length, 0)
        : (data as Buffer | ArrayBuffer).byteLength;
      if (isBinary) return send({ event: 'error', message: 'Binary frames are not supported; send JSON text.' });
      if (size > INTERVIEW_MAX_MESSAGE_BYTES) return send({ event: 'error', message: 'Message too large' });
      let msg: ClientMessage;
      try {
        const parsed = clientMessageSchema.safeParse(JSON.parse(data.toString()));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return send({
            event: 'error',
            message: `Malformed message: ${issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'invalid'}`,
          });
        }
        msg = parsed.data;
      } catch {
        return send({ event: 'error', message: 'Malformed message: not JSON' });
      }

      if (msg.event === 'start') {
        if (session || starting) return send({ event: 'error', message: 'The session has already started.' });
        starting = true;
        void manager
          .start(msg, user.sub, send, owner)
          .then((s) => {
            session = s;
            if (s && socket.readyState !== socket.OPEN) manager.detach(s, owner);
          })
          .finally(() => (starting = false));
        return;
      }
      if (!session) {
        // Audio racing a start that is still being set up is dropped quietly.
        if (starting) return;
        return send({ event: 'error', message: 'Send a start message first.' });
      }
      try {
        dispatch(session, msg);
      } catch (err) {
        app.log.error({ err }, 'interview message failed');
        send({ event: 'error', message: 'Something went wrong handling that message.' });
      }
    });

    const dispatch = (s: InterviewSession, msg: Exclude<ClientMessage, { event: 'start' }>) => {
      switch (msg.event) {
        case 'mic_chunk':
          return s.micChunk(msg.audio_b64);
        case 'ai_chunk_played':
          return s.aiChunkPlayed(msg.seq);
        case 'barge_in':
          return s.bargeIn();
        case 'user_turn_end':
          return s.userTurnEnd();
        case 'end':
          void s.end('user_ended');
          return;
      }
    };

    socket.on('close', () => {
      if (session) manager.detach(session, owner);
    });
    socket.on('error', (err) => app.log.warn({ err: err.message }, 'interview socket error'));
  });
}

// Not encapsulated: `app.interviewSessions` is visible to the rest of the app (and to tests).
export default fp(interviewSocketRoutes, { name: 'interview-socket' });
