/**
 * The W-9 or W-8BEN of a person (issue 36 item 3): checked, the TIN encrypted, the perjury statement
 * stored with the signature. A W-8BEN is valid to the end of the third calendar year after signing.
 */
import { eq } from 'drizzle-orm';
import {
  matchCountry,
  W8BEN_PERJURY_STATEMENT,
  W9_PERJURY_STATEMENT,
  type TaxProfile,
  type TaxProfileInput,
  type TaxProfileReply,
} from '@app/shared';
import { profiles } from '../db/schema';
import { taxProfiles } from '../db/schema-money';
import type { Executor } from '../db/types';
import { unprocessable } from '../http/http-errors';
import { encryptSecret, last4 } from './encryption';
import { sameName } from './names';
import { digitsOnly, einProblem, ssnProblem } from './tin';

type TaxRow = typeof taxProfiles.$inferSelect;
export type SigningMeta = { ip: string | null; userAgent: string | null };

export const tinContext = (userId: string) => `tax_profiles.tin:${userId}`;

/** The last instant a W-8BEN signed at `signedAt` is valid: Dec 31 of the third following year, UTC. */
export const w8benExpiry = (signedAt: Date) =>
  new Date(Date.UTC(signedAt.getUTCFullYear() + 3, 11, 31, 23, 59, 59, 999));

/** Whether the profile counts for onboarding at `now` (a W-9 does not expire; a W-8BEN does). */
export const taxProfileValid = (row: Pick<TaxRow, 'expiresAt'>, now: Date) => !row.expiresAt || row.expiresAt >= now;

/** W-9 for U.S. citizens and residents (the profile's citizenship or country), W-8BEN for everyone else. */
export async function offeredForm(db: Executor, userId: string): Promise<'w9' | 'w8ben'> {
  const [p] = await db
    .select({ citizenship: profiles.citizenship, country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const us = (v: string | null | undefined) => matchCountry(v) === 'United States';
  if (!p || (!p.citizenship && !p.country)) return 'w9';
  return us(p.citizenship) || us(p.country) ? 'w9' : 'w8ben';
}

function checkDateOfBirth(dob: string, now: Date) {
  const d = new Date(`${dob}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== dob)
    throw unprocessable('The date of birth is not a real date');
  const age = (now.getTime() - d.getTime()) / (365.25 * 86_400_000);
  if (age < 16 || age > 120) throw unprocessable('The date of birth must be of a person between 16 and 120 years old');
}

/** The row to store for a checked form, or 422 naming the first problem. */
function rowFor(userId: string, input: TaxProfileInput, meta: SigningMeta, now: Date) {
  if (input.certify !== true) throw unprocessable('Certify the statement under penalties of perjury to sign the form');
  if (!sameName(input.signature_name, input.legal_name)) {
    throw unprocessable('Sign with your legal name as written on line 1');
  }
  const signing = {
    signatureName: input.signature_name,
    signedAt: now,
    signedIp: meta.ip,
    signedUserAgent: meta.userAgent,
  };
  if (input.form === 'w9') {
    const problem = input.tin_type === 'ssn' ? ssnProblem(input.tin) : einProblem(input.tin);
    if (problem) throw unprocessable(problem);
    const tin = digitsOnly(input.tin);
    return {
      userId,
      form: 'w9' as const,
      legalName: input.legal_name,
      businessName: input.business_name || null,
      taxClassification: input.tax_classification,
      tinType: input.tin_type,
      tinEncrypted: encryptSecret(tin, tinContext(userId)),
      tinLast4: last4(tin),
      address: input.address,
      countryOfCitizenship: null,
      dateOfBirth: null,
      treaty: null,
      perjuryStatement: W9_PERJURY_STATEMENT,
      expiresAt: null,
      ...signing,
    };
  }
  if (input.country_of_citizenship === 'US') throw unprocessable('U.S. citizens give a W-9, not a W-8BEN');
  if (input.address.country === 'US') throw unprocessable('Residents of the United States give a W-9, not a W-8BEN');
  checkDateOfBirth(input.date_of_birth, now);
  const foreignTin = input.foreign_tin.replace(/\s+/g, '');
  return {
    userId,
    form: 'w8ben' as const,
    legalName: input.legal_name,
    businessName: null,
    taxClassification: null,
    tinType: 'foreign' as const,
    tinEncrypted: encryptSecret(foreignTin, tinContext(userId)),
    tinLast4: last4(foreignTin),
    address: input.address,
    countryOfCitizenship: input.country_of_citizenship,
    dateOfBirth: input.date_of_birth,
    treaty: input.treaty ? { ...input.treaty } : null,
    perjuryStatement: W8BEN_PERJURY_STATEMENT,
    expiresAt: w8benExpiry(now),
    ...signing,
  };
}

export async function saveTaxProfile(
  db: Executor,
  userId: string,
  input: TaxProfileInput,
  meta: SigningMeta,
  now = new Date(),
): Promise<TaxProfile> {
  const row = rowFor(userId, input, meta, now);
  const { userId: _owner, ...set } = row;
  const [saved] = await db
    .insert(taxProfiles)
    .values(row)
    .onConflictDoUpdate({ target: taxProfiles.userId, set: { ...set, updatedAt: now } })
    .returning();
  return taxProfileDto(saved!, now);
}

export function taxProfileDto(row: TaxRow, now: Date): TaxProfile {
  return {
    form: row.form,
    legal_name: row.legalName,
    business_name: row.businessName,
    tax_classification: row.taxClassification,
    tin_type: row.tinType,
    tin_last4: row.tinLast4,
    address: row.address,
    country_of_citizenship: row.countryOfCitizenship,
    date_of_birth: row.dateOfBirth,
    treaty: row.treaty,
    signature_name: row.signatureName,
    signed_at: row.signedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: taxProfileValid(row, now) ? 'valid' : 'expired',
  };
}

export async function taxProfileRow(db: Executor, userId: string): Promise<TaxRow | undefined> {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.userId, userId)).limit(1);
  return row;
}

export async function getTaxProfile(db: Executor, userId: string, now = new Date()): Promise<TaxProfileReply> {
  const row = await taxProfileRow(db, userId);
  return {
    offered_form: row?.form ?? (await offeredForm(db, userId)),
    profile: row ? taxProfileDto(row, now) : null,
    perjury_statements: { w9: W9_PERJURY_STATEMENT, w8ben: W8BEN_PERJURY_STATEMENT },
  };
}
