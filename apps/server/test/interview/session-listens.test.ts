import { describe, expect, it } from 'vitest';
import type { SpeechToText, SttFinal } from '../../src/interview/providers/types';
import { InterviewSession } from '../../src/interview/session';
import { chunks, FakeTts, MemorySink, Outbox, plan, ScriptedInterviewer, silence, tone } from './fakes';
import { heardWords } from './conversation';

/** A recognizer that reports per-word confidences, one scripted result per utterance. */
function confidentStt(script: string[]): SpeechToText {
  return {
    name: 'fake-stt-words',
    start: () => {
      let samples = 0;
      return {
        write: (s: Int16Array) => void (samples += s.length),
        finish: async (): Promise<SttFinal> => (samples ? heardWords(script.shift() ?? '') : { text: '' }),
        abort: () => {},
      };
    },
  };
}

function setup(script: string[]) {
  const out = new Outbox();
  const interviewer = new ScriptedInterviewer(['Hello Dana. What do you draw?', 'Tell me more.', 'Next one?']);
  const session = new InterviewSession('s1', 'i1', 'u1', {
    plan: plan(),
    stt: [confidentStt(script)],
    interviewers: [interviewer],
    tts: [new FakeTts()],
    sink: new MemorySink(),
    settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9 },
  });
  const say = () => {
    for (const c of chunks(new Int16Array([...tone(500), ...silence(300)]))) session.micChunk(c);
  };
  return { session, out, interviewer, say };
}

describe('the session hands the understood answer to the interviewer', () => {
  it('with the recognizer word confidences: unsure words are marked and the move names only sure items', async () => {
    const { session, out, interviewer, say } = setup([
      'I painted a [[mural]] for a bakery in my home town with two [[assistants]]',
    ]);
    session.attach(out.send, false);
    await out.waitFor((m) => m.event === 'answer_end');
    say();
    await out.waitFor(() => out.count('answer_end') === 2, 4000);
    const request = interviewer.requests.at(-1)!;
    expect(request.understood?.unsure).toEqual(['mural', 'assistants']);
    expect(request.move).toMatchObject({ kind: 'follow_up', reason: 'probe' });
    const about = (request.move as { about?: { text: string } }).about!.text;
    expect(about).not.toMatch(/mural|assistants/);
    session.dispose();
  });

  it('"give me an amen please" (a misheard "give me a moment") waits instead of moving on', async () => {
    const { session, out, interviewer, say } = setup(['give me an amen please']);
    session.attach(out.send, false);
    await out.waitFor((m) => m.event === 'answer_end');
    say();
    await out.waitFor(() => out.transcripts('ai').length === 2, 4000);
    expect(out.transcripts('ai')[1]).toBe('Of course, take your time.');
    expect(interviewer.requests).toHaveLength(1); // only the greeting: no move was made
    session.dispose();
  });
});
