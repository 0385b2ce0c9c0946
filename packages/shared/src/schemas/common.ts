import { z } from 'zod';

/** The error reply every endpoint uses: a message, or a list of validation problems (422). */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorReplySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** An amount of money in every reply: dollars with two decimals (stored as integer cents). */
export const dollarsSchema = z.number();

/** An optional id filter; a bad one is a 422 that names the field ("job_id must be a UUID"). */
export const optionalUuid = (name: string) => z.uuid({ message: `${name} must be a UUID` }).optional();

/** One of `values`, refused with a message that lists them. */
export const oneOf = <const T extends readonly string[]>(name: string, values: T) =>
  z.enum(values, { message: `${name} must be one of ${values.join(', ')}` });

export const uuidParamSchema = z.object({ id: z.string().uuid() });
