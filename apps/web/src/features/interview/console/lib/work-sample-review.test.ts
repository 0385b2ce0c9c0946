import { describe, expect, it } from 'vitest';
import { workSampleIntro, type WorkSampleResultItem } from '@app/shared';
import { hadWorkSample, itemAt } from './work-sample-review';

const item = (position: number, offset: number | null, seconds: number | null) =>
  ({ position, offset_seconds: offset, seconds }) as WorkSampleResultItem;

describe('the work sample on the review page', () => {
  it('finds the item on screen at a moment of the recording: shown and not yet rated', () => {
    const items = [item(0, 100, 30), item(1, 130, 50), item(2, 180, null)];
    expect(itemAt(items, 99)).toBeNull();
    expect(itemAt(items, 100)?.position).toBe(0);
    expect(itemAt(items, 130)?.position).toBe(1);
    // The last item was never rated: it stays on screen to the end.
    expect(itemAt(items, 900)?.position).toBe(2);
    expect(itemAt([item(0, 100, 30)], 140)).toBeNull();
  });

  it("knows an interview had a sample from the interviewer's intro in the transcript", () => {
    const ai = (text: string) => ({ seq: 0, speaker: 'ai' as const, text, offset_seconds: 0 });
    expect(hadWorkSample([ai(workSampleIntro(1))])).toBe(true);
    expect(hadWorkSample([ai(workSampleIntro(5))])).toBe(true);
    expect(hadWorkSample([ai('Thank you, that is all.')])).toBe(false);
    expect(hadWorkSample([{ ...ai(workSampleIntro(3)), speaker: 'user' }])).toBe(false);
  });
});
