import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import {
  clientMessageSchema,
  INTERVIEW_MAX_MESSAGE_BYTES,
  jsonTooDeep,
  textRuleIssues,
  TOO_DEEP_MESSAGE,
  SOCKET_BEARER_PROTOCOL,
  SOCKET_CLOSE,
  tokenFromSocketProtocols,
  type ClientMessage,
  type ServerMessage,
} from '@app/shared';
import type { TokenClaims } from '../../accounts';
import { systemClock, type Clock } from '../../lib/clock';
import { AudioGuard, chunkDurationMs } from '../audio-guard';
import { SessionManager } from '../manager';
import { debriefSealFor } from '../debrief/seal';
import { activeJobRecognitionText } from '../store';
import { prepareActiveJobModels } from '../recognition/active-jobs';
import { buildProviders, type Providers } from '../providers';
import { recordRecognizerQueueWait } from '../../cluster/metrics';
import { WindowLimit } from '../../cluster/counters';
import { CHANNELS } from '../../cluster/bus';
import type { InterviewSession } from '../session';
import { IntegrityReports } from './integrity-reports';

declare module 'fastify' {
  interface FastifyInstance {
    interviewSessions: SessionManager;
    /** Graceful shutdown: tells every live interview socket to reconnect elsewhere; returns how many. */
    drainInterviewSockets: () => number;
  }
}

const RESTART_NOTICE = 'The server is restarting. Reconnecting you to continue the interview.';

export type InterviewSocketOptions = {
  /** Providers to use instead of the configured ones (tests). */
  providers?: Providers;
  /** What the audio budget measures real time with (tests: a manual clock). */
  clock?: Clock;
};

/**
 * The session token of a socket handshake: from the `Sec-WebSocket-Protocol` header (what the web
 * app sends, so the token never sits in a URL or a log), else `?token=` (spec clients).
 */
function socketToken(request: FastifyRequest): string | undefined {
  const offered = tokenFromSocketProtocols(request.headers['sec-websocket-protocol']);
  if (offered) return offered;
  const token = (request.query as Record<string, unknown>).token;
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * The live interview socket, `/ws/session` with the session token in the `Sec-WebSocket-Protocol`
 * header or as `?token=` (docs/product/socket-protocol.md).
 * JSON text frames with an `event` field. Bad frames get an `error` event; they never end the
 * connection or the server.
 */
async function interviewSocketRoutes(app: FastifyInstance, opts: InterviewSocketOptions = {}) {
  const config = app.config;
  // Above our own limit, so an oversized frame still gets a readable error; far above it, ws drops the connection.
  await app.register(websocket, {
    options: {
      maxPayload: INTERVIEW_MAX_MESSAGE_BYTES * 4,
      // A browser only accepts the connection when the server answers one of the offered protocols.
      handleProtocols: (offered: Set<string>) => (offered.has(SOCKET_BEARER_PROTOCOL) ? SOCKET_BEARER_PROTOCOL : false),
    },
  });

  const providers =
    opts.providers ??
    buildProviders({
      ...config,
      recognizerEvents: {
        onWait: recordRecognizerQueueWait,
        onShed: (waitedMs) => app.log.warn({ waitedMs }, 'speech segment refused: every recognizer stayed busy'),
      },
    });
  // Practice runs from one address, counted across instances when Redis is configured (decision 0169).
  const practiceStarts = new WindowLimit(
    app.counters,
    'practice:address',
    config.INTERVIEW_PRACTICE_PER_ADDRESS_PER_HOUR,
    60 * 60_000,
  );
  const manager = new SessionManager({
    db: app.db,
    events: app.events,
    providers,
    storage: app.storage,
    keepAnswers: config.CAREFUL_PASS,
    maxMinutes: config.INTERVIEW_MAX_MINUTES,
    maxQuestions: config.INTERVIEW_MAX_QUESTIONS,
    graceMs: config.INTERVIEW_RESUME_GRACE_SECONDS * 1000,
    maxLive: config.INTERVIEW_MAX_LIVE ?? os.availableParallelism() * 4,
    practiceLimit: (address) => practiceStarts.hit(address),
    settings: {
      windows: { base: config.INTERVIEW_SILENCE_MS, unfinished: config.INTERVIEW_SILENCE_MS * 3, waiting: 15000 },
    },
    log: app.log,
    debriefSeal: debriefSealFor(config),
    announceTakeover: (interviewId, sessionId) =>
      void app.bus.publish(CHANNELS.interviewTakenOver, { interviewId, sessionId }),
  });
  app.decorate('interviewSessions', manager);
  // The session a newer tab or device replaced may live on this instance (decision 0225).
  const stopTakeovers = app.bus.subscribe(CHANNELS.interviewTakenOver, async ({ interviewId, sessionId }) => {
    if (typeof interviewId === 'string' && typeof sessionId === 'string')
      await manager.takenOver(interviewId, sessionId);
  });
  const live = new Set<WebSocket>();
  const sendRestart = (socket: WebSocket) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify({ event: 'notice', msg: RESTART_NOTICE } satisfies ServerMessage));
    socket.close(SOCKET_CLOSE.serviceRestart, 'Server restarting');
  };
  app.decorate('drainInterviewSockets', () => {
    const n = live.size;
    for (const socket of live) sendRestart(socket);
    return n;
  });
  // A saved job's recognition model is built before its first candidate speaks (in the background,
  // one build at a time); without this the first interview of a job hears with the general model.
  const stopPreparing = app.events.on('job.saved', async ({ jobId }) => {
    const text = await activeJobRecognitionText(app.db, jobId);
    if (text) await providers.prepareJob?.(text);
  });
  // Active jobs without a model (a new data folder, the sample jobs, jobs saved on another instance)
  // get one in the background once the server is up: one build at a time, at low CPU priority.
  let closing = false;
  app.addHook('onReady', async () => {
    const prepare = providers.prepareJob;
    if (!prepare) return;
    void prepareActiveJobModels(app.db, prepare, () => closing).catch((err: unknown) => {
      if (!closing) app.log.warn({ err }, 'building the recognition models of active jobs failed');
    });
  });
  app.addHook('onClose', async () => {
    closing = true;
    stopPreparing();
    stopTakeovers();
    manager.close();
    providers.close();
  });

  // The token (and its server-side session) is checked before the handler runs, so the handler can
  // attach its message listener at once and no early frame is lost while the database answers.
  const authenticateSocket = async (request: FastifyRequest) => {
    const token = socketToken(request);
    if (!token) return;
    request.auth = await app.verifyToken(token).catch(() => undefined);
  };

  app.get('/ws/session', { websocket: true, preValidation: authenticateSocket }, (socket: WebSocket, request) => {
    const send = (msg: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    // A refused frame changes nothing: the conversation goes on (decision 0148).
    const refuse = (message: string) => send({ event: 'error', message, recoverable: true });
    const user: TokenClaims | undefined = request.auth;
    if (!user) {
      send({ event: 'error', message: 'Not authenticated', recoverable: false });
      socket.close(SOCKET_CLOSE.notAuthenticated, 'Not authenticated');
      return;
    }
    // Shutting down: no new interviews here; the client reconnects and lands on another instance.
    if (app.draining) return sendRestart(socket);
    live.add(socket);
    providers.warmUp();

    let session: InterviewSession | null = null;
    let starting = false;
    const audio = new AudioGuard(opts.clock ?? systemClock);
    let refusingAudio = false;
    const owner = () => socket.close(SOCKET_CLOSE.replaced, 'Replaced by a newer connection');
    const integrity = new IntegrityReports(app.db, opts.clock ?? systemClock, user.sub, refuse, app.log);

    socket.on('message', (data, isBinary) => {
      const size = Array.isArray(data)
        ? data.reduce((n, b) => n + b.length, 0)
        : (data as Buffer | ArrayBuffer).byteLength;
      if (isBinary) return refuse('Binary frames are not supported; send JSON text.');
      if (size > INTERVIEW_MAX_MESSAGE_BYTES) return refuse('Message too large');
      let msg: ClientMessage;
      try {
        const text = data.toString();
        // The text rules HTTP applies to every request (input-rules.ts, decision 0142), checked
        // before the schema: the nesting limit before parsing, then no NUL in any string or key.
        if (jsonTooDeep(text)) return refuse(`Malformed message: ${TOO_DEEP_MESSAGE}`);
        const raw: unknown = JSON.parse(text);
        const broken = textRuleIssues(raw, 1)[0];
        if (broken) return refuse(`Malformed message: ${broken.path.join('.') || 'event'}: ${broken.msg}`);
        const parsed = clientMessageSchema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const message = `Malformed message: ${issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'invalid'}`;
          // A refused work rating carries the status an HTTP client would get (issue 46).
          const rating = (raw as { event?: unknown } | null)?.event === 'work_rating';
          return rating ? send({ event: 'error', message, recoverable: true, status: 422 }) : refuse(message);
        }
        msg = parsed.data;
      } catch {
        return refuse('Malformed message: not JSON');
      }

      if (msg.event === 'start') {
        if (session || starting) return refuse('The session has already started.');
        starting = true;
        void manager
          .start(msg, user.sub, send, owner, { send, close: (code, reason) => socket.close(code, reason) }, request.ip)
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
        return refuse('Send a start message first.');
      }
      try {
        dispatch(session, msg);
      } catch (err) {
        app.log.error({ err }, 'interview message failed');
        refuse('Something went wrong handling that message.');
      }
    });

    const dispatch = (s: InterviewSession, msg: Exclude<ClientMessage, { event: 'start' }>) => {
      switch (msg.event) {
        case 'mic_chunk':
          return micChunk(s, msg.audio_b64);
        case 'ai_chunk_played':
          return s.aiChunkPlayed(msg.seq);
        case 'barge_in':
          return s.bargeIn();
        case 'user_turn_end':
          return s.userTurnEnd();
        case 'mute':
          return s.mute(msg.muted);
        case 'end':
          void s.end('user_ended');
          return;
        case 'integrity':
          return integrity.report(s, msg);
        case 'work_rating':
          return s.workRating(msg.item_id, msg.rating);
      }
    };

    /** Audio faster than real time beyond a small burst is refused, and the socket closed if it goes on. */
    const micChunk = (s: InterviewSession, audioB64: string) => {
      const verdict = audio.admit(chunkDurationMs(audioB64));
      if (verdict === 'accept') {
        refusingAudio = false;
        return s.micChunk(audioB64);
      }
      if (verdict === 'close') {
        send({
          event: 'error',
          message: 'Audio kept arriving faster than real time; the connection is closed.',
          recoverable: false,
        });
        socket.close(SOCKET_CLOSE.policy, 'Audio faster than real time');
        return;
      }
      if (!refusingAudio) refuse('Audio is arriving faster than real time; the extra audio was dropped.');
      refusingAudio = true;
    };

    socket.on('close', () => {
      live.delete(socket);
      if (session) manager.detach(session, owner);
    });
    socket.on('error', (err) => app.log.warn({ err: err.message }, 'interview socket error'));
  });
}

// Not encapsulated: `app.interviewSessions` is visible to the rest of the app (and to tests).
export default fp(interviewSocketRoutes, { name: 'interview-socket' });
