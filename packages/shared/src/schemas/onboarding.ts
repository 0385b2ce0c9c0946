/** An accepted candidate's onboarding (issue 36): the seven items, signed documents, tax forms, payout method. */
import { z } from 'zod';

/** The five items that are documents to read and sign. */
export const DOCUMENT_KEYS = ['terms_of_work', 'ciiaa', 'time_tracking', 'payout_policy', 'offer_letter'] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

/** The seven items of an accepted job, in the order the job page lists them. */
export const ONBOARDING_ITEM_KEYS = [
  'terms_of_work',
  'ciiaa',
  'tax_form',
  'time_tracking',
  'payout_policy',
  'offer_letter',
  'payment_setup',
] as const;
export type OnboardingItemKey = (typeof ONBOARDING_ITEM_KEYS)[number];

/** The titles the job page shows (the spec's list). */
export const ONBOARDING_ITEM_TITLES: Record<OnboardingItemKey, string> = {
  terms_of_work: 'Sign Terms of Work Document',
  ciiaa: 'Sign CIIAA Document',
  // The forms' own names (W-9, W-8BEN); time is recorded by the task screen, with no monitoring
  // software to set up, so the item names what its document is (issue 43).
  tax_form: 'Sign W-9 / W-8BEN Form',
  time_tracking: 'Sign Time Tracking Document (no monitoring)',
  payout_policy: 'Acknowledge Payout Policies',
  offer_letter: 'Sign your offer letter',
  payment_setup: 'Setup Payments',
};

export const onboardingItemSchema = z.object({
  key: z.enum(ONBOARDING_ITEM_KEYS),
  title: z.string(),
  status: z.enum(['pending', 'done']),
  done_at: z.string().nullable(),
  document_id: z.string().optional(),
});
export type OnboardingItem = z.infer<typeof onboardingItemSchema>;
export const onboardingReplySchema = z.object({ items: z.array(onboardingItemSchema) });
export type OnboardingReply = z.infer<typeof onboardingReplySchema>;

export const documentSchema = z.object({
  id: z.string(),
  key: z.enum(DOCUMENT_KEYS),
  title: z.string(),
  version: z.number().int(),
  body: z.string(),
  status: z.enum(['pending', 'signed']),
  signed_at: z.string().nullable(),
  sha256: z.string().nullable(),
  /** The job the document belongs to (its page links back). */
  job_id: z.string().nullable(),
});
export type SignableDocument = z.infer<typeof documentSchema>;

export const signDocumentSchema = z.object({
  full_name: z.string().max(200),
  agree: z.boolean().optional(),
  electronic_consent: z.boolean().optional(),
});
export type SignDocumentInput = z.infer<typeof signDocumentSchema>;
export const signDocumentReplySchema = z.object({ signed_at: z.string(), sha256: z.string() });

export const DOCUMENT_EVENT_TYPES = ['viewed', 'consented', 'signed'] as const;
export const documentAuditSchema = z.array(
  z.object({
    type: z.enum(DOCUMENT_EVENT_TYPES),
    at: z.string(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  }),
);

export type DocumentAuditEvent = z.infer<typeof documentAuditSchema>[number];

/** A candidate's document as the provider's console lists it (no text, no PDF, no signer details). */
export const adminDocumentSchema = z.object({
  id: z.string(),
  key: z.enum(DOCUMENT_KEYS),
  title: z.string(),
  version: z.number().int(),
  status: z.enum(['pending', 'signed']),
  signed_at: z.string().nullable(),
  sha256: z.string().nullable(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  created_at: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** One version of a document template (the provider's `GET /api/admin/document-templates`). */
export const documentTemplateSchema = z.object({
  id: z.string(),
  key: z.enum(DOCUMENT_KEYS),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;
export const documentTemplateInputSchema = z.object({
  key: z.enum(DOCUMENT_KEYS),
  title: z.string().trim().min(1, 'Enter a title').max(200),
  body: z.string().trim().min(1, 'Enter the text').max(50_000),
});
export type DocumentTemplateInput = z.infer<typeof documentTemplateInputSchema>;

/** What the candidate reads before consenting to electronic records (ESIGN 15 USC 7001(c)). */
export const ESIGN_DISCLOSURE_VERSION = '2026-11-26';
export const ESIGN_DISCLOSURE = [
  'You may receive and sign the documents of this job on paper instead: write to support and we will post them to you at no cost, and your onboarding waits for the paper copies.',
  'This consent covers the onboarding documents of your accepted jobs. You may withdraw it at any time by writing to support; documents you already signed stay signed, and later ones are sent on paper.',
  'Every signed document can be downloaded as a PDF from its page, at no cost, for as long as your account exists; ask support for a paper copy at any time.',
  'To read and keep these records you need a current web browser, an e-mail address, and a way to open, save or print PDF files. Keep your e-mail address up to date in your account.',
];

// ---- Tax forms ----

export const TAX_CLASSIFICATIONS = [
  'individual',
  'c_corporation',
  's_corporation',
  'partnership',
  'trust_estate',
  'llc_c',
  'llc_s',
  'llc_p',
  'other',
] as const;

export const taxAddressSchema = z.object({
  line1: z.string().trim().min(1, 'Enter the street address').max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, 'Enter the city').max(100),
  region: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().max(20).optional(),
  /** ISO 3166-1 alpha-2, e.g. US. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
    .transform((c) => c.toUpperCase()),
});
export type TaxAddress = z.infer<typeof taxAddressSchema>;
/** The address in replies (already checked; no transforms, which replies cannot run). */
const taxAddressReplySchema = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string(),
});

const signed = {
  certify: z.boolean().optional(),
  signature_name: z.string().trim().min(1, 'Type your name to sign').max(200),
};

export const w9Schema = z.object({
  form: z.literal('w9'),
  legal_name: z.string().trim().min(1, 'Enter your legal name').max(200),
  business_name: z.string().trim().max(200).optional(),
  tax_classification: z.enum(TAX_CLASSIFICATIONS),
  tin_type: z.enum(['ssn', 'ein']),
  tin: z.string().max(20),
  address: taxAddressSchema,
  ...signed,
});

export const w8benSchema = z.object({
  form: z.literal('w8ben'),
  legal_name: z.string().trim().min(1, 'Enter your legal name').max(200),
  country_of_citizenship: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country of citizenship must be a two-letter code')
    .transform((c) => c.toUpperCase()),
  address: taxAddressSchema,
  foreign_tin: z.string().trim().min(1, 'Enter the tax number of your country of residence').max(40),
  date_of_birth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must look like 1990-04-30'),
  treaty: z
    .object({
      country: z.string().trim().max(100),
      article: z.string().trim().max(100),
      rate: z.string().trim().max(20),
      conditions: z.string().trim().max(1000).optional(),
    })
    .optional(),
  ...signed,
});

export const taxProfileInputSchema = z.discriminatedUnion('form', [w9Schema, w8benSchema]);
export type TaxProfileInput = z.infer<typeof taxProfileInputSchema>;

export const taxProfileSchema = z.object({
  form: z.enum(['w9', 'w8ben']),
  legal_name: z.string(),
  business_name: z.string().nullable(),
  tax_classification: z.string().nullable(),
  tin_type: z.enum(['ssn', 'ein', 'foreign']).nullable(),
  tin_last4: z.string().nullable(),
  address: taxAddressReplySchema,
  country_of_citizenship: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  treaty: z.record(z.string(), z.string()).nullable(),
  signature_name: z.string(),
  signed_at: z.string(),
  /** W-8BEN only: the last day it is valid (end of the third calendar year after signing). */
  expires_at: z.string().nullable(),
  status: z.enum(['valid', 'expired']),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

export const taxProfileReplySchema = z.object({
  /** Which form this person is asked for: W-9 for U.S. citizens and residents, W-8BEN otherwise. */
  offered_form: z.enum(['w9', 'w8ben']),
  profile: taxProfileSchema.nullable(),
  /** The perjury statement of each form, shown above the signature and recorded with it. */
  perjury_statements: z.object({ w9: z.string(), w8ben: z.string() }),
});
export type TaxProfileReply = z.infer<typeof taxProfileReplySchema>;

export const form1099NecRowSchema = z.object({
  user_id: z.string(),
  legal_name: z.string(),
  business_name: z.string().nullable(),
  tin_type: z.string().nullable(),
  tin_last4: z.string().nullable(),
  address: taxAddressReplySchema,
  /** Dollars paid in the year. */
  total: z.number(),
});
export const form1099NecReplySchema = z.object({
  year: z.number().int(),
  /** The year's reporting threshold in dollars ($600 through 2025, $2,000 from 2026). */
  threshold: z.number(),
  payees: z.array(form1099NecRowSchema),
});
export type Form1099NecRow = z.infer<typeof form1099NecRowSchema>;
export type Form1099NecReply = z.infer<typeof form1099NecReplySchema>;

// ---- Payout method ----

export const payoutMethodInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('us_bank'),
    account_holder: z.string().trim().min(1, 'Enter the account holder').max(200),
    bank_name: z.string().trim().min(1, 'Enter the bank name').max(200),
    routing_number: z.string().max(20),
    account_number: z.string().max(40),
    current_password: z.string().min(1, 'Enter your current password').max(200),
  }),
  z.object({
    type: z.literal('iban'),
    account_holder: z.string().trim().min(1, 'Enter the account holder').max(200),
    bank_name: z.string().trim().min(1, 'Enter the bank name').max(200),
    iban: z.string().max(50),
    bic: z.string().max(20),
    current_password: z.string().min(1, 'Enter your current password').max(200),
  }),
]);
export type PayoutMethodInput = z.infer<typeof payoutMethodInputSchema>;

export const payoutMethodSchema = z.object({
  type: z.enum(['us_bank', 'iban']),
  account_holder: z.string(),
  bank_name: z.string(),
  last4: z.string(),
  changed_at: z.string(),
  /** Payouts to a method changed recently wait until this time (null: no wait). */
  payouts_held_until: z.string().nullable(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodReplySchema = z.object({ method: payoutMethodSchema.nullable() });

/** Part II of Form W-9 (Rev. March 2024), shown above the signature and stored with it. */
export const W9_PERJURY_STATEMENT = `Under penalties of perjury, I certify that:
1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and
2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and
3. I am a U.S. citizen or other U.S. person; and
4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.
The Internal Revenue Service does not require your consent to any provision of this document other than the certifications required to avoid backup withholding.`;

/** Part III of Form W-8BEN (Rev. October 2021). */
export const W8BEN_PERJURY_STATEMENT = `Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that:
- I am the individual that is the beneficial owner (or am authorized to sign for the individual that is the beneficial owner) of all the income or proceeds to which this form relates or am using this form to document myself for chapter 4 purposes;
- The person named on line 1 of this form is not a U.S. person;
- This form relates to: (a) income not effectively connected with the conduct of a trade or business in the United States; (b) income effectively connected with the conduct of a trade or business in the United States but is not subject to tax under an applicable income tax treaty; (c) the partner's share of a partnership's effectively connected taxable income; or (d) the partner's amount realized from the transfer of a partnership interest subject to withholding under section 1446(f);
- The person named on line 1 of this form is a resident of the treaty country listed on line 9 of the form (if any) within the meaning of the income tax treaty between the United States and that country; and
- For broker transactions or barter exchanges, the beneficial owner is an exempt foreign person as defined in the instructions.
Furthermore, I authorize this form to be provided to any withholding agent that has control, receipt, or custody of the income of which I am the beneficial owner or any withholding agent that can disburse or make payments of the income of which I am the beneficial owner. I agree that I will submit a new form within 30 days if any certification made on this form becomes incorrect.`;
