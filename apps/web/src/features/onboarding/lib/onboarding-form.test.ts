import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { emptyOnboardingForm, type OnboardingForm } from '@app/shared';
import { onboardingErrorLine, onboardingStepSchema } from './onboarding-form';

const complete: OnboardingForm = {
  ...emptyOnboardingForm('ada@example.com', 'Ada Lovelace'),
  resumeUrl: 'https://example.com/cv.pdf',
  city: 'London',
  country: 'United Kingdom',
  bio: 'Analytical engine poet',
  expertise: ['Mathematics'],
  workAuthorized: 'citizen',
  citizenship: 'United Kingdom',
};

async function lineFor(step: number, form: OnboardingForm) {
  const resolve = zodResolver(onboardingStepSchema(step, 4), undefined, { raw: true });
  const { errors } = await resolve(form, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.keys(errors).length ? onboardingErrorLine(errors) : null;
}

describe('onboarding form checks', () => {
  it("reports a step's own message", async () => {
    expect(await lineFor(2, { ...complete, city: ' ' })).toBe('Please fill in all required fields');
    expect(await lineFor(4, { ...complete, workAuthorized: '' })).toBe('Please select work authorization status');
    expect(await lineFor(3, complete)).toBeNull();
  });

  it('on the last step, words a payload the server would refuse as the server does', async () => {
    expect(await lineFor(4, complete)).toBeNull();
    expect(await lineFor(4, { ...complete, bio: 'x'.repeat(5001) })).toBe(
      'Validation error: Bio must be at most 5000 characters',
    );
  });
});
