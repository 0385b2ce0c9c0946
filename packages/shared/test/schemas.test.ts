import { describe, expect, it } from 'vitest';
import { jobCreateSchema, jobUpdateSchema, registerRequestSchema } from '../src';

describe('registerRequestSchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(registerRequestSchema.parse({ email: '  A@B.Co ', password: 'secret' }).email).toBe('a@b.co');
  });
  it('requires 6 characters of password', () => {
    expect(registerRequestSchema.safeParse({ email: 'a@b.co', password: '12345' }).success).toBe(false);
  });
});

describe('job schemas', () => {
  it('fills defaults on create', () => {
    const job = jobCreateSchema.parse({ title: 'Rater', description: 'd', position_type: 'Freelance' });
    expect(job).toMatchObject({ status: 'active', interview_type: 'standard', skills: [], pay_per_hour: null });
  });
  it('keeps an update to the fields sent', () => {
    expect(jobUpdateSchema.parse({ status: 'archived' })).toEqual({ status: 'archived' });
    expect(jobUpdateSchema.safeParse({}).success).toBe(false);
  });
});
