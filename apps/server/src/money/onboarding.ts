/**
 * The seven onboarding items of an accepted job (issue 36 item 1): five signed documents, a valid tax
 * form and a payout method. Payouts wait until none is missing (missingOnboardingItems).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  DOCUMENT_KEYS,
  ONBOARDING_ITEM_KEYS,
  ONBOARDING_ITEM_TITLES,
  type DocumentKey,
  type OnboardingItem,
  type OnboardingItemKey,
} from '@app/shared';
import { earnings, interviews, users } from '../db/schema';
import { payoutMethods, signedDocuments } from '../db/schema-money';
import type { Executor } from '../db/types';
import { notFound } from '../http/http-errors';
import { ensureJobDocuments } from './documents';
import { taxProfileRow, taxProfileValid } from './tax-profile';
import { currentTemplates } from './templates';

/** When the tax form and the payout method were done (null: not done), which every job shares. */
async function accountItems(db: Executor, userId: string, now: Date) {
  const tax = await taxProfileRow(db, userId);
  const [method] = await db
    .select({ changedAt: payoutMethods.changedAt })
    .from(payoutMethods)
    .where(eq(payoutMethods.userId, userId))
    .limit(1);
  return {
    tax_form: tax && taxProfileValid(tax, now) ? tax.signedAt : null,
    payment_setup: method?.changedAt ?? null,
  };
}

/** The items of one accepted job (or one the caller earned in); 404 when it is neither. */
export async function onboardingItems(
  db: Executor,
  userId: string,
  jobId: string,
  now = new Date(),
): Promise<OnboardingItem[]> {
  const docs = await ensureJobDocuments(db, userId, jobId, now);
  if (!docs) throw notFound('No accepted application for this job');
  const account = await accountItems(db, userId, now);
  return ONBOARDING_ITEM_KEYS.map((key) => {
    const doc = (DOCUMENT_KEYS as readonly string[]).includes(key) ? docs.get(key as DocumentKey) : undefined;
    const doneAt = doc ? doc.signedAt : account[key as 'tax_form' | 'payment_setup'];
    return {
      key,
      title: ONBOARDING_ITEM_TITLES[key],
      status: doneAt ? 'done' : 'pending',
      done_at: doneAt?.toISOString() ?? null,
      ...(doc && { document_id: doc.id }),
    };
  });
}

/**
 * The jobs whose onboarding the payout gate asks of the user: those they are an accepted candidate of,
 * and every job they have earnings from (a retake that withdrew the acceptance does not lift the gate
 * on money earned under it; issue 43 item 4).
 */
async function gatedJobIds(db: Executor, userId: string): Promise<string[]> {
  const earned = await db
    .selectDistinct({ jobId: earnings.jobId })
    .from(earnings)
    .where(and(eq(earnings.userId, userId), isNotNull(earnings.jobId)));
  const rows = await db
    .select({ jobId: interviews.jobId })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.candidateId))
    .where(
      and(
        eq(interviews.candidateId, userId),
        eq(interviews.acceptanceStatus, 'accepted'),
        eq(users.role, 'candidate'),
        isNotNull(interviews.jobId),
      ),
    );
  return [...new Set([...rows.map((r) => r.jobId!), ...earned.map((r) => r.jobId!)])];
}

/**
 * The items not done across the user's accepted jobs and the jobs they earned in, once per key in the
 * page's order; [] for a person with neither (nothing to onboard). Reads only: documents not made yet
 * count as unsigned.
 */
export async function missingOnboardingItems(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<{ key: string; title: string }[]> {
  const jobIds = await gatedJobIds(db, userId);
  if (jobIds.length === 0) return [];
  const templates = await currentTemplates(db);
  const signed = await db
    .select({ jobId: signedDocuments.jobId, key: signedDocuments.key, version: signedDocuments.version })
    .from(signedDocuments)
    .where(
      and(
        eq(signedDocuments.userId, userId),
        inArray(signedDocuments.jobId, jobIds),
        isNotNull(signedDocuments.signedAt),
      ),
    );
  const done = new Set(signed.map((s) => `${s.jobId}/${s.key}/${s.version}`));
  const account = await accountItems(db, userId, now);
  const missing = new Set<OnboardingItemKey>();
  for (const key of DOCUMENT_KEYS) {
    const version = templates.get(key)!.version;
    if (jobIds.some((job) => !done.has(`${job}/${key}/${version}`))) missing.add(key);
  }
  if (!account.tax_form) missing.add('tax_form');
  if (!account.payment_setup) missing.add('payment_setup');
  return ONBOARDING_ITEM_KEYS.filter((k) => missing.has(k)).map((key) => ({ key, title: ONBOARDING_ITEM_TITLES[key] }));
}
