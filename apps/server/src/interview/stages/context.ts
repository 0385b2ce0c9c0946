import type { ServerMessage } from '@app/shared';
import type { Clock } from '../../lib/clock';
import type { PipelineBus } from '../events';
import type { PipelineLog } from '../fallback';

/** What every stage of one live interview shares: time, the event bus and the way out to the socket. */
export type StageContext = {
  readonly interviewId: string;
  readonly clock: Clock;
  readonly bus: PipelineBus;
  /** To the candidate's socket (a no-op while no socket is attached). */
  send(msg: ServerMessage): void;
  /** A socket is attached. */
  attached(): boolean;
  /** The interview is ending or over: stages stop reacting. */
  ended(): boolean;
  readonly log?: PipelineLog;
};
