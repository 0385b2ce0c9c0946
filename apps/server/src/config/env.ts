import { z } from 'zod';
import path from 'node:path';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated provider chain ("openai,pocketsphinx") or `auto`. */
const providerList = (names: string[]) =>
  z
    .string()
    .default('auto')
    .refine(
      (v) => v === 'auto' || v.split(',').every((n) => names.includes(n.trim())),
      `must be auto or a comma-separated list of: ${names.join(', ')}`,
    );

/** Every setting the server reads, validated once at startup. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 3600s')
    .default('7d'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For (only behind a reverse proxy; otherwise clients could fake their address). */
  TRUST_PROXY: booleanFromString.default(false),
  SEED_SAMPLE_JOBS: booleanFromString.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** Failed logins one client address may make per LOGIN_LIMIT_WINDOW (over all e-mails) before 429. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  /** Sign-ups per client address in 10 minutes. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Failed logins for one e-mail from one address before each further one waits longer (1 s, 2 s, 4 s, ...). */
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  SUPPORT_EMAIL: z.email().optional(),
  /** Outgoing e-mail: an SMTP server (smtp://user:pass@host:587); unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** An OpenAI-compatible chat completions server for interview assessment; unset uses the built-in rubric. */
  ASSESSMENT_LLM_BASE_URL: z.url().optional(),
  ASSESSMENT_LLM_API_KEY: z.string().optional(),
  ASSESSMENT_LLM_MODEL: z.string().min(1).optional(),
  // ---- Live interview (see docs/decisions/0050-0059) ----
  /** Speech recognition chain: auto (OpenAI-compatible when STT_BASE_URL is set, then pocketsphinx) or a list. */
  STT_PROVIDER: providerList(['pocketsphinx', 'openai']),
  STT_BASE_URL: z.url().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  /** The offline recognizer hears each job with a language model of the job's own text (decision 0117). */
  STT_JOB_MODELS: booleanFromString.default(true),
  /**
   * After an interview, its kept answer audio is transcribed again, carefully, before the assessment
   * (decision 0172); off: answers are not kept and the live transcript is the record.
   */
  CAREFUL_PASS: booleanFromString.default(true),
  /** The careful pass's time limit per interview (model build included); beyond it the live text stands. */
  CAREFUL_PASS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(1500).default(600),
  /**
   * Careful passes in the queue (waiting or running) at most; an interview completed beyond it is
   * assessed on its live transcript at once, and its record says why (decision 0224).
   */
  CAREFUL_PASS_MAX_QUEUED: z.coerce.number().int().min(0).max(10_000).default(24),
  /** The same per candidate account, and per client address (the address that ended the interview). */
  CAREFUL_PASS_MAX_PER_ACCOUNT: z.coerce.number().int().min(0).max(1000).default(2),
  CAREFUL_PASS_MAX_PER_ADDRESS: z.coerce.number().int().min(0).max(1000).default(4),
  /**
   * A careful pass that has not started this long after its interview ended is not waited for: the
   * interview is assessed on its live transcript, and the pass, when it runs, may still replace that
   * assessment before a decision (decision 0243). 0: wait however long it takes.
   */
  CAREFUL_PASS_START_WITHIN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // ---- Roles (issue 45; decision 0243) ----
  /**
   * all: one process does everything (npm start). web: HTTP and live interviews, light jobs only.
   * worker: health and metrics only, and the heavy jobs (model builds, careful passes, recording
   * joins, assessments, e-mails).
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Heavy jobs one process runs at once: default one per core on a worker, one elsewhere. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Offline recognizer processes shared by all live interviews (~100 MB each); default two per core. */
  STT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Interviewer chain: auto (OpenAI-compatible chat when LLM_BASE_URL is set, then the built-in one) or a list. */
  LLM_PROVIDER: providerList(['structured', 'openai']),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Speech synthesis chain: auto (OpenAI-compatible when TTS_BASE_URL is set, then Flite) or a list. */
  TTS_PROVIDER: providerList(['flite', 'openai']),
  TTS_BASE_URL: z.url().optional(),
  TTS_API_KEY: z.string().optional(),
  TTS_MODEL: z.string().min(1).default('tts-1'),
  TTS_VOICE: z.string().min(1).default('alloy'),
  FLITE_VOICE: z.enum(['kal16', 'kal', 'slt', 'rms', 'awb']).default('kal16'),
  INTERVIEW_MAX_MINUTES: z.coerce.number().positive().max(180).default(25),
  /** Live interviews one instance holds before new ones are told to retry later; default four per core. */
  INTERVIEW_MAX_LIVE: z.coerce.number().int().min(1).max(1000).optional(),
  INTERVIEW_MAX_QUESTIONS: z.coerce.number().int().min(1).max(50).default(8),
  /** Silence that ends the candidate's turn after a finished sentence, ms (3x after "and", "um", ...). */
  INTERVIEW_SILENCE_MS: z.coerce.number().int().min(150).max(5000).default(350),
  INTERVIEW_RESUME_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * An interview in progress that no tab or device has held for this long is ended by the sweep with
   * what it has (assessed, or open again when nothing was answered; decision 0225). Never shorter than
   * the resume grace.
   */
  INTERVIEW_ABANDON_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  /** Practice interviews one client address may start per hour (decision 0169). */
  INTERVIEW_PRACTICE_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(12),
  LOGIN_LIMIT_WINDOW: z
    .string()
    .regex(/^\d+ ?(ms|s|seconds?|m|minutes?|h|hours?)$/, 'must look like 15 minutes')
    .default('15 minutes'),
  // ---- Several instances (see docs/decisions/0110-0114 and docs/deploy) ----
  /** Redis shared by every instance: rate limits, login counters, the instance bus. Unset: in-process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of every Redis key and channel, so several apps (or tests) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('tm:'),
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM: how long in-flight requests and background jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Uploads go to DATA_DIR/uploads unless S3_BUCKET names an S3-compatible bucket. */
  S3_BUCKET: z.string().min(3).optional(),
  /** Endpoint of a non-AWS S3 service (MinIO, R2, ...); path-style addressing is used with it. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Anonymous resume uploads (application wizard) allowed per client address and hour. */
  UPLOAD_ANON_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Largest task media file an admin may upload, in megabytes. */
  UPLOAD_MEDIA_MAX_MB: z.coerce.number().int().positive().max(5000).default(200),
  /** The LinkedIn site profile imports may fetch from (its host and subdomains only). */
  LINKEDIN_BASE_URL: z.url().default('https://www.linkedin.com'),
  /** Password reset requests allowed per client address and hour. */
  PASSWORD_RESET_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** ffmpeg and ffprobe (Debian's ffmpeg package): an ended interview's recording is joined into one seekable file. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** How long after an interview ends its recording is joined: the browser's last slices arrive meanwhile. */
  RECORDING_JOIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Interview recordings older than this many days are deleted by a daily job. */
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** The decision log (decisions, overrides, appeals, audit publications) is kept at least three years (issue 35). */
  DECISION_LOG_RETENTION_DAYS: z.coerce.number().int().min(1095).max(36500).default(1095),
  /** Bias-audit groups of fewer people read "fewer than N": no count, rate or ratio (decision 0222). */
  BIAS_AUDIT_MIN_CELL: z.coerce.number().int().min(1).max(1000).default(5),
  /** A bias-audit view or publication needs at least this many AI-scored people (decision 0222). */
  BIAS_AUDIT_MIN_SAMPLE: z.coerce.number().int().min(1).max(100000).default(20),
  /** The privacy notice shown at /privacy (plain text, paragraphs separated by blank lines); unset uses the built-in one. */
  PRIVACY_POLICY_TEXT: z.string().max(50_000).optional(),
  LINKEDIN_TIMEOUT_MS: z.coerce.number().int().positive().max(60000).default(5000),
  // ---- Money after hiring (issue 36; decisions 0200-0204) ----
  /**
   * Key that encrypts account numbers and TINs at rest: 32 bytes, base64. Unset: generated on first
   * start into DATA_DIR/data-encryption-key (like the JWT secret). Rotation: docs/decisions/0202.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64 encoded')
    .optional(),
  /** Earlier keys (comma-separated, base64), still read after a rotation until every value is re-encrypted. */
  DATA_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
      'must be comma-separated 32-byte base64 keys',
    )
    .optional(),
  /**
   * Test-only: lets an admin run the campaign sweep at once as if it were this many hours later
   * (POST /api/admin/test/campaign-sweep), so a browser journey against a separate server process can
   * see a reminder go out without waiting days. Refused when NODE_ENV is production (loadConfig).
   */
  CAMPAIGN_SWEEP_TEST_HOOK: booleanFromString.default(false),
  // ---- Webhooks (issue 47) ----
  /**
   * Lets webhook endpoints on private, loopback, link-local and metadata addresses (and plain http)
   * through the server-side request forgery guard: for development and tests only.
   */
  WEBHOOKS_ALLOW_PRIVATE: booleanFromString.default(false),
  /** How long one webhook delivery may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Payouts to a payout method changed within this many hours wait (bank-change fraud). 0 turns it off. */
  PAYOUT_METHOD_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(72),
  // ---- Payouts and bank files (issue 36; decisions 0206, 0207) ----
  /** The provider's name in the bank files (NACHA company name, pain.001 debtor). */
  PAYOUT_ORIGIN_NAME: z.string().min(1).max(70).default('Talent Market'),
  /** The provider's bank for ACH (ODFI), 9 digits; the NACHA file's immediate destination unless the next is set. */
  PAYOUT_ACH_ODFI_ROUTING: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .default('021000021'),
  PAYOUT_ACH_DESTINATION_ROUTING: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .optional(),
  PAYOUT_ACH_DESTINATION_NAME: z.string().min(1).max(23).default('ODFI'),
  /** NACHA company identification, 10 characters (usually "1" followed by the EIN). */
  PAYOUT_ACH_COMPANY_ID: z
    .string()
    .regex(/^[0-9A-Z ]{10}$/, 'must be 10 characters')
    .default('1000000000'),
  /** The provider's account the pain.001 transfers are debited from. */
  PAYOUT_DEBTOR_IBAN: z.string().min(15).max(34).default('DE89370400440532013000'),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC')
    .default('COBADEFFXXX'),
  /** Currency of the pain.001 amounts: balances are kept in USD, so USD unless the provider pays in EUR. */
  PAYOUT_PAIN001_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
    .default('USD'),
  /** A payout Monday; payout days are every 14 days from it (docs/product/screens/earnings.md: every 2 weeks on Mondays). */
  PAYOUT_CYCLE_ANCHOR: z.iso
    .date()
    .refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, 'must be a Monday')
    .default('2026-01-05'),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Env & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; throws one error listing every bad field. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set" (a blank line in .env should not fail validation).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (Boolean(cleaned.ADMIN_EMAIL) !== Boolean(cleaned.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL/ADMIN_PASSWORD: must be set together');
  }
  if (Boolean(cleaned.S3_ACCESS_KEY_ID) !== Boolean(cleaned.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: must be set together');
  }
  // Several instances must verify each other's tokens: a secret generated per data folder would not do.
  if (cleaned.REDIS_URL && !cleaned.JWT_SECRET) {
    problems.push('JWT_SECRET: must be set when REDIS_URL is (every instance signs with the same secret)');
  }
  // A worker shares the job queue with the web instances: an embedded database is one process's own.
  if (cleaned.ROLE === 'worker' && !cleaned.DATABASE_URL) {
    problems.push('ROLE: worker needs DATABASE_URL (the web instances and the worker share its job queue)');
  }
  // The sweep's clock hook moves "now" for reminders and expiry: never on a production server.
  if (parsed.success && parsed.data.CAMPAIGN_SWEEP_TEST_HOOK && parsed.data.NODE_ENV === 'production') {
    problems.push('CAMPAIGN_SWEEP_TEST_HOOK: only for development and tests (NODE_ENV is production)');
  }
  if (!parsed.success || problems.length) {
    const lines = problems.map((p) => `  - ${p}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
