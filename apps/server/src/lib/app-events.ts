/**
 * Events inside one app instance: a service announces what happened, other parts (background
 * jobs, notifications) react. Owned by the app (`app.events`), so two apps in one process (tests)
 * never hear each other's events.
 */
import type { PayoutBatchItem } from '@app/shared';
import type { PayoutMethodChange } from '../email';

export type AppEventMap = {
  /** An interview moved to completed (once per interview, after the change is committed). */
  'interview.completed': { interviewId: string; /** The client address that ended it, when known. */ address?: string };
  /** The abandoned-interview sweep ended an interview nobody came back to (decision 0225; the funnel counts it). */
  'interview.abandoned': { interviewId: string };
  /** A recording slice was stored after its interview had ended (its join is made again, decision 0168). */
  'recording.chunk-after-end': { interviewId: string };
  /** The remux job finished with an interview's recording: joined into one file, or left as segments (decision 0168). */
  'recording.remuxed': { interviewId: string; remuxed: boolean };
  /** An interview went back to not started and its recording rows were dropped: the bytes under these keys go (decision 0167). */
  'recording.discarded': { interviewId: string; storageKeys: string[] };
  /** A candidate answer's audio was kept for the careful pass (decision 0172), after it is stored. */
  'interview.answer_kept': { interviewId: string };
  /** The provider created or edited a job (after the change is committed). */
  'job.saved': { jobId: string };
  /** A person signed an onboarding document (after the signature is committed). */
  'document.signed': { userId: string; documentId: string; sha256: string };
  /** A person's payout method changed (after the change is committed): last four digits only. */
  'payout-method.changed': { userId: string; change: PayoutMethodChange };
  /** A campaign invitation passed its deadline unstarted (issue 47), by the one sweep or read that marked it. */
  'invitation.expired': { invitationId: string; jobId: string; campaignId: string };
  /** An interview's assessment was stored (scored or not), after it is committed. */
  'assessment.ready': { interviewId: string };
  /** The provider decided an interview (or an overturned appeal flipped the decision), after commit. */
  'decision.made': { interviewId: string };
  /** A candidate appealed a decision, after the appeal is committed. */
  'appeal.opened': { appealId: string; interviewId: string };
  /** A rater submitted a creative task, after the submission is committed. */
  'task.submitted': { taskId: string };
  /** A batch item was marked paid, by the one call that changed it. */
  'payout.paid': { item: PayoutBatchItem };
  /** A batch item came back from the bank, by the one call that changed it, with the reason the payee reads. */
  'payout.failed': { item: PayoutBatchItem; reason: string };
};

type Listener<K extends keyof AppEventMap> = (payload: AppEventMap[K]) => unknown;
type ErrorLog = { error: (obj: object, msg: string) => void };

export class AppEvents {
  private readonly listeners = new Map<keyof AppEventMap, Set<Listener<never>>>();

  constructor(private readonly log: ErrorLog) {}

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof AppEventMap>(name: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  /**
   * Runs every listener after the current call returns. A listener's error (thrown or rejected) is
   * logged, never thrown back into the request that emitted the event.
   */
  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      Promise.resolve()
        .then(() => (listener as Listener<K>)(payload))
        .catch((err: unknown) => this.log.error({ err, event: name, payload }, 'event listener failed'));
    }
  }
}
