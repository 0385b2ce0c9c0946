import { describe, expect, it } from 'vitest';
import type { Debrief } from '@app/shared';
import { practiceSink } from '../../src/interview/manager';

const at = (s: number) => new Date(Date.parse('2026-03-03T12:00:00Z') + s * 1000);
const input = {
  job: {
    title: 'Packaging Designer',
    description: 'Design packaging.',
    positionType: 'Contract',
    interviewType: 'standard' as const,
    skills: [{ name: 'Illustrator' }],
    customQuestions: [],
  },
  candidate: { name: 'Sam' },
};
const ANSWER = 'I drew the tea labels in Illustrator and we printed two thousand boxes';

describe('a practice session keeps its turns in memory and sends the debrief so far', () => {
  it('after each turn once the candidate has spoken, and stores nothing anywhere else', async () => {
    const sent: Debrief[] = [];
    const sink = practiceSink(input, (d) => sent.push(d));
    await sink.append({
      seq: 0,
      speaker: 'ai',
      text: 'What drew you to this role?',
      startedAt: at(0),
      endedAt: at(3),
      offsetSeconds: 0,
    });
    expect(sent).toHaveLength(0);
    await sink.append({
      seq: 1,
      speaker: 'user',
      text: ANSWER,
      startedAt: at(4),
      endedAt: at(10),
      offsetSeconds: 4,
      words: ANSWER.split(' ').map((text) => ({ text, confidence: 0.9 })),
    });
    expect(sent).toHaveLength(1);
    // 13 words in 6 s
    expect(sent[0]!.answers[0]).toMatchObject({ text: ANSWER, words_per_minute: 130, job_terms: ['Illustrator'] });
    await sink.append({
      seq: 2,
      speaker: 'ai',
      text: 'Thanks. Goodbye!',
      startedAt: at(11),
      endedAt: at(13),
      offsetSeconds: 11,
    });
    expect(sent).toHaveLength(2);
    // 6 s of the candidate, 5 s of the interviewer
    expect(sent[1]!.delivery.talk_share).toBe(0.55);
  });
});
