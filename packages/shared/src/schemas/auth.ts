import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }).max(254));

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  name: z.string().trim().max(200).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  profile_completed: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authReplySchema = z.object({ token: z.string(), user: userSchema });
export type AuthReply = z.infer<typeof authReplySchema>;
