import { z } from 'zod';
import {
  WORK_SAMPLE_DEFAULT_COUNT,
  WORK_SAMPLE_DEFAULT_SECONDS,
  workSampleCountSchema,
  workSampleSecondsSchema,
} from './work-sample-settings';

export const JOB_STATUSES = ['pending', 'active', 'completed', 'archived'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const INTERVIEW_TYPES = ['standard', 'human_data', 'custom_questions', 'custom_exercise'] as const;
export const interviewTypeSchema = z.enum(INTERVIEW_TYPES);
export type InterviewType = z.infer<typeof interviewTypeSchema>;

export const jobSkillSchema = z.object({
  name: z.string().trim().min(1, 'Skill name is required').max(100),
  description: z.string().trim().max(500).default(''),
});
export type JobSkill = z.infer<typeof jobSkillSchema>;

export const jobSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  position_type: z.string(),
  pay_per_hour: z.number().nullable(),
  created_at: z.string(),
  availability: z.string(),
  status: jobStatusSchema,
  skills: z.array(jobSkillSchema),
  custom_questions: z.array(z.string()),
  interview_type: interviewTypeSchema,
  /** After a decision, candidates see the debrief of their interview (issue 27). */
  share_feedback: z.boolean(),
  /** The share of interviews (0-1) a reviewer scores before seeing the AI's assessment (issue 35). */
  blind_review_share: z.number(),
  /** Work-sample items each candidate rates in the interview (issue 46); 0 = none. */
  work_sample_count: z.number().int(),
  /** Seconds allowed per work-sample item. */
  work_sample_seconds: z.number().int(),
});
export type Job = z.infer<typeof jobSchema>;

const payPerHourSchema = z
  .number({ message: 'Pay per hour must be a number' })
  .positive('Pay per hour must be positive')
  .max(10000, 'Pay per hour must be at most 10000')
  .multipleOf(0.01, 'Pay per hour has at most two decimals')
  .nullable();

/** Job fields as the provider writes them; no defaults, so a partial update touches only what it sends. */
const jobFields = {
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(200),
  description: z.string().trim().min(1, 'Description is required').max(10000),
  position_type: z.string().trim().min(1, 'Position type is required').max(100),
  pay_per_hour: payPerHourSchema,
  availability: z.string().trim().max(1000),
  status: jobStatusSchema,
  skills: z.array(jobSkillSchema).max(50),
  custom_questions: z.array(z.string().trim().min(1, 'A question cannot be empty').max(1000)).max(50),
  interview_type: interviewTypeSchema,
  share_feedback: z.boolean({ message: 'Share feedback must be true or false' }),
  blind_review_share: z
    .number({ message: 'Blind review share must be a number from 0 to 1' })
    .min(0, 'Blind review share must be a number from 0 to 1')
    .max(1, 'Blind review share must be a number from 0 to 1'),
  work_sample_count: workSampleCountSchema,
  work_sample_seconds: workSampleSecondsSchema,
};

export const jobCreateSchema = z.object({
  ...jobFields,
  pay_per_hour: jobFields.pay_per_hour.default(null),
  availability: jobFields.availability.default(''),
  status: jobFields.status.default('active'),
  skills: jobFields.skills.default([]),
  custom_questions: jobFields.custom_questions.default([]),
  interview_type: jobFields.interview_type.default('standard'),
  share_feedback: jobFields.share_feedback.default(false),
  blind_review_share: jobFields.blind_review_share.default(0),
  work_sample_count: jobFields.work_sample_count.default(WORK_SAMPLE_DEFAULT_COUNT),
  work_sample_seconds: jobFields.work_sample_seconds.default(WORK_SAMPLE_DEFAULT_SECONDS),
});
export type JobCreate = z.input<typeof jobCreateSchema>;

export const jobUpdateSchema = z
  .object(jobFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, {
    message: 'Nothing to update',
  });
export type JobUpdate = z.input<typeof jobUpdateSchema>;
