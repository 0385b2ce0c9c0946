import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/interview/plan';
import { StructuredInterviewer } from '../../src/interview/providers/llm/structured';
import { InterviewSession } from '../../src/interview/session';
import { ManualClock } from './manual-clock';
import type { SpeechToText } from '../../src/interview/providers/types';
import { chunks, FakeTts, MemorySink, Outbox, silence, tone } from './fakes';

/**
 * The live interview writes the job's and the candidate's words their way (issue 33 item 3,
 * decision 0174): the caption, the stored turn and the interviewer's follow-up say "ZBrush" and
 * "Houdini FX", whatever the recognizer wrote ("z brush", "houdini f x").
 */
const spelledPlan = () =>
  buildPlan(
    {
      job: {
        title: 'Character Artist',
        description: 'Sculpt and texture game characters.',
        positionType: 'Contract',
        interviewType: 'standard',
        skills: [{ name: 'ZBrush' }, { name: 'Substance 3D Painter' }],
        customQuestions: [],
      },
      // Houdini FX is the candidate's own (profile tools), not the job's.
      candidate: { name: 'Dana Rivers', skills: ['Houdini FX'] },
    },
    { maxMinutes: 25, maxQuestions: 5 },
  );

function setup(script: string[], interim = '') {
  const out = new Outbox();
  const sink = new MemorySink();
  const clock = new ManualClock();
  const plan = spelledPlan();
  // A recognizer that shows the words so far as an interim caption, as pocketsphinx does.
  const stt: SpeechToText = {
    name: 'fake-stt',
    start: (onInterim) => {
      let samples = 0;
      return {
        write: (s: Int16Array) => {
          samples += s.length;
          if (interim) onInterim(interim);
        },
        finish: async () => (samples ? (script.shift() ?? '') : ''),
        abort: () => {},
      };
    },
  };
  const session = new InterviewSession('s1', 'i1', 'u1', {
    plan,
    stt: [stt],
    interviewers: [new StructuredInterviewer(plan)],
    tts: [new FakeTts()],
    sink,
    settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9 },
    clock,
  });
  const say = () => {
    for (const c of chunks(new Int16Array([...tone(800), ...silence(300)]))) session.micChunk(c);
  };
  return { session, out, sink, clock, say };
}

describe('the live interview writes words the way the job and the candidate write them', () => {
  it('in the captions, the stored turn and the follow-up that names the tool back', async () => {
    const { session, out, sink, clock, say } = setup(
      ['i sculpt every character in z brush and do the cloth simulation in houdini f x'],
      'i sculpt every character in z brush',
    );
    session.attach(out.send, false);
    await clock.until(() => out.count('answer_end') === 1);
    say();
    await clock.until(() => out.count('answer_end') === 2, 5000);
    await clock.advance(20);

    const written = 'i sculpt every character in ZBrush and do the cloth simulation in Houdini FX';
    expect(out.transcripts('user', false)).toContain('i sculpt every character in ZBrush');
    expect(out.transcripts('user')).toEqual([written]);
    expect(sink.turns.find((t) => t.speaker === 'user')?.text).toBe(written);

    const reply = out.transcripts('ai')[1]!;
    expect(reply).toMatch(/ZBrush|Houdini FX|sculpt every character|cloth simulation/);
    const said = [...out.transcripts('ai'), ...out.transcripts('user', false), ...out.transcripts('user')].join(' ');
    expect(said).not.toMatch(/z brush|zbrush|houdini f x|houdini fx/);
    session.dispose();
  });

  it('names a tool back in its written form', async () => {
    const { session, out, clock, say } = setup([
      'i texture every character in substance three d painter and bake all the maps myself',
    ]);
    session.attach(out.send, false);
    await clock.until(() => out.count('answer_end') === 1);
    say();
    await clock.until(() => out.count('answer_end') === 2, 5000);
    expect(out.transcripts('user')).toEqual([
      'i texture every character in Substance 3D Painter and bake all the maps myself',
    ]);
    expect(out.transcripts('ai')[1]).toContain('Substance 3D Painter');
    session.dispose();
  });

  it('in the interviewer’s own sentences, even when the words it names back were written otherwise', () => {
    // A turn stored before (an interview resumed from older turns) or any path that skipped the caption.
    const plan = spelledPlan();
    const interviewer = new StructuredInterviewer(plan);
    const probe = (text: string, kind: 'tool' | 'action') =>
      interviewer.render({
        move: {
          kind: 'follow_up',
          reason: 'probe',
          question: 'What tools do you use?',
          about: { text, kind, confidence: 1, fromJob: kind === 'tool', at: 0 },
        },
        history: [],
        minutesLeft: 20,
      });
    const tool = probe('houdini f x', 'tool');
    expect(tool).toContain('Houdini FX');
    expect(tool).not.toMatch(/houdini f x/i);
    expect(probe('sculpted the hero in z brush', 'action')).toContain('sculpted the hero in ZBrush');
  });
});
