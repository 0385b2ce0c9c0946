import { describe, expect, it } from 'vitest';
import { InterviewSession, type SessionDeps } from '../../src/interview/session';
import { ManualClock } from './manual-clock';
import { chunks, FakeStt, FakeTts, MemorySink, Outbox, plan, ScriptedInterviewer, silence, tone } from './fakes';

type Overrides = Partial<SessionDeps> & { stt?: SessionDeps['stt'] };

function setup(over: Overrides = {}) {
  const out = new Outbox();
  const sink = new MemorySink();
  const clock = new ManualClock();
  const ends: string[] = [];
  const deps: SessionDeps = {
    plan: plan(),
    stt: [new FakeStt(['I painted murals for ten years in my home town and loved it'])],
    interviewers: [new ScriptedInterviewer(['Hello Dana. What do you draw?', 'Nice. What tools do you use?'])],
    tts: [new FakeTts()],
    sink,
    // Audio goes out as fast as it is made unless a test wants real-time pacing.
    settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9 },
    onEnd: async (reason) => void ends.push(reason),
    clock,
    ...over,
  };
  const session = new InterviewSession('s1', 'i1', 'u1', deps);
  return { session, out, sink, ends, deps, clock };
}

function say(session: InterviewSession, speechMs: number, silenceMs = 0) {
  for (const c of chunks(new Int16Array([...tone(speechMs), ...silence(silenceMs)]))) session.micChunk(c);
}

const isFinal = (speaker: 'ai' | 'user') => (m: { event: string; speaker?: string; final?: boolean }) =>
  m.event === 'transcript' && m.speaker === speaker && m.final === true;

describe('interview session pipeline (scripted providers)', () => {
  it('greets, answers each finished turn in order, and stores every turn as it happens', async () => {
    const { session, out, sink, clock } = setup();
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    expect(out.messages[0]).toMatchObject({
      event: 'session_ready',
      session_id: 's1',
      interview_id: 'i1',
      resumed: false,
    });
    expect(out.count('tts_chunk')).toBeGreaterThan(0);
    expect(out.transcripts('ai')).toEqual(['Hello Dana. What do you draw?']);

    const from = out.messages.length;
    say(session, 800, 300);
    await clock.until(() => out.has((m) => m.event === 'answer_end', from), 3000);
    const events = out.messages.slice(from).map((m) => m.event);
    // The candidate's final words, then the reply (text before audio), metrics with the first audio, then answer_end.
    expect(events.indexOf('transcript')).toBeLessThan(events.indexOf('tts_chunk'));
    expect(events).toContain('metrics');
    expect(events.at(-1)).toBe('answer_end');
    expect(out.transcripts('user')).toEqual(['I painted murals for ten years in my home town and loved it']);
    expect(out.transcripts('ai')[1]).toBe('Nice. What tools do you use?');
    const metrics = out.messages.find((m) => m.event === 'metrics') as { latency: Record<string, number> };
    expect(metrics.latency.voice_to_voice_ms).toBeGreaterThanOrEqual(200); // includes the silence window
    expect(metrics.latency).toHaveProperty('stt_ms');

    await clock.advance(20);
    expect(sink.turns.map((t) => [t.seq, t.speaker])).toEqual([
      [0, 'ai'],
      [1, 'user'],
      [2, 'ai'],
    ]);
    // tts_chunk seqs increase across the session.
    const seqs = out.messages.filter((m) => m.event === 'tts_chunk').map((m) => (m as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('barge-in stops audio at once and keeps only what the candidate heard', async () => {
    const long =
      'Let me describe the role in some detail before we start, because it matters. ' +
      'You will rate storyboards every week for a small animation studio in Lisbon.';
    const { session, out, sink, clock } = setup({
      interviewers: [new ScriptedInterviewer([long])],
      // Real-time pacing: 150 ms chunks, sent no more than 100 ms ahead.
      settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 100 },
    });
    session.attach(out.send, false);
    // Wait for 5 chunks, report 4 of them played, then interrupt.
    await clock.until(() => out.count('tts_chunk') >= 5, 5000);
    const sent = out.messages.filter((m) => m.event === 'tts_chunk').map((m) => (m as { seq: number }).seq);
    for (const seq of sent.slice(0, 4)) session.aiChunkPlayed(seq);
    session.bargeIn();
    const afterBarge = out.messages.length;
    expect(out.messages.slice(afterBarge - 2).map((m) => m.event)).toEqual(['transcript', 'answer_end']);
    await clock.advance(500);
    expect(out.messages.length).toBe(afterBarge); // nothing more: no audio after barge_in

    const heard = out.transcripts('ai')[0]!;
    expect(long.startsWith(heard)).toBe(true);
    // 4 chunks x 150 ms = 600 ms = 60 characters of the first sentence at 10 ms per character.
    expect(heard.length).toBeGreaterThan(45);
    expect(heard.length).toBeLessThanOrEqual(60);
    expect(long[heard.length]).toBe(' '); // cut at a word boundary
    await clock.advance(20);
    expect(sink.turns).toHaveLength(1);
    expect(sink.turns[0]!.text).toBe(heard);
  });

  it('barge-in after the answer was sent corrects the stored turn to what was played', async () => {
    const { session, out, sink, clock } = setup({
      interviewers: [new ScriptedInterviewer(['One two three four five six seven eight.'])],
    });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    const seqs = out.messages.filter((m) => m.event === 'tts_chunk').map((m) => (m as { seq: number }).seq);
    session.aiChunkPlayed(seqs[0]!);
    session.bargeIn(); // the client is still playing (playback runs until ~0.4 s after the first chunk)
    await clock.advance(20);
    expect(sink.turns[0]!.text).toBe('One two three');
  });

  it('user_turn_end ends the turn without waiting for silence', async () => {
    const { session, out, clock } = setup({
      settings: { windows: { base: 5000, unfinished: 9000, waiting: 9000 }, audioLeadMs: 1e9 },
    });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600);
    session.userTurnEnd();
    await clock.settle(); // no time passes
    expect(out.has(isFinal('user'))).toBe(true);
  });

  it('waits longer after an unfinished sentence and joins the continuation into one turn', async () => {
    const stt = new FakeStt(['I worked on posters and', 'then moved to film storyboards for a studio']);
    const { session, out, clock } = setup({ stt: [stt] });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600, 300); // 300 ms pause: past the base window (200), inside the "and" window (700)
    await clock.advance(150);
    expect(out.transcripts('user')).toEqual([]); // not cut off after "and"
    expect(out.transcripts('user', false)).toContain('I worked on posters and');
    say(session, 600, 300);
    await clock.until(() => out.has(isFinal('user')), 3000);
    expect(out.transcripts('user')).toEqual(['I worked on posters and then moved to film storyboards for a studio']);
  });

  it('"can you repeat that" repeats the last question; "give me a moment" gets a short ack and a long window', async () => {
    const stt = new FakeStt([
      'can you repeat that please',
      'give me a moment',
      'well I think I would start with the tools',
    ]);
    const { session, out, clock } = setup({ stt: [stt] });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));

    say(session, 500, 300);
    await clock.until(() => out.has((m) => isFinal('ai')(m) && out.transcripts('ai').length === 2), 3000);
    expect(out.transcripts('ai')[1]).toBe('Sure. What do you draw?');
    await clock.until(() => out.count('answer_end') === 2);

    say(session, 500, 300);
    await clock.until(() => out.transcripts('ai').length === 3, 3000);
    expect(out.transcripts('ai')[2]).toBe('Of course, take your time.');
    await clock.until(() => out.count('answer_end') === 3);

    say(session, 500, 600); // a 600 ms pause no longer ends the turn while the candidate thinks
    await clock.advance(600);
    expect(out.transcripts('user')).toHaveLength(2);
    session.userTurnEnd();
    await clock.until(() => out.transcripts('user').length === 3);
  });

  it('falls back to the next provider with a notice when one fails', async () => {
    const { session, out, clock } = setup({
      stt: [new FakeStt([], 'finish'), new FakeStt(['I draw comics every single day of the week'])],
      tts: [new FakeTts(true), new FakeTts()],
      interviewers: [
        new ScriptedInterviewer([], true),
        new ScriptedInterviewer(['Hello. What do you draw?', 'Great. Next?']),
      ],
    });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    const notices = () => out.messages.filter((m) => m.event === 'notice').map((m) => (m as { msg: string }).msg);
    expect(notices()).toEqual([
      'The interviewer (failing-llm) failed; switched to scripted.',
      'Speech synthesis (failing-tts) failed; switched to fake-tts.',
    ]);
    expect(out.count('tts_chunk')).toBeGreaterThan(0);

    say(session, 600, 300);
    await clock.until(() => out.has(isFinal('user')), 3000);
    expect(out.transcripts('user')).toEqual(['I draw comics every single day of the week']);
    expect(notices()[2]).toBe('Speech recognition (failing-stt) failed; switched to fake-stt.');
  });

  it('goes back to a failed provider once a background probe finds it working again', async () => {
    const flakyTts = new FakeTts(true);
    const flakyLlm = new ScriptedInterviewer(['Hello. What do you draw?', 'Great. What tools do you use?'], true);
    const { session, out, clock } = setup({
      tts: [flakyTts, new FakeTts()],
      interviewers: [flakyLlm, new ScriptedInterviewer(['Hi. What do you draw?', 'Backup question?'])],
      settings: {
        windows: { base: 200, unfinished: 700, waiting: 2500 },
        audioLeadMs: 1e9,
        providerBackoff: { firstMs: 1000, maxMs: 8000 },
      },
    });
    const notices = () => out.messages.filter((m) => m.event === 'notice').map((m) => (m as { msg: string }).msg);
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    expect(out.transcripts('ai')).toEqual(['Hi. What do you draw?']);
    expect(notices()).toHaveLength(2);

    await clock.advance(1000); // first probe: still failing, so the next one waits twice as long
    flakyTts.fail = false;
    flakyLlm.fail = false;
    await clock.advance(2000); // second probe: both answer again

    say(session, 600, 300);
    await clock.until(() => out.count('answer_end') === 2, 3000);
    // The recovered interviewer phrased the reply (its probe used up its first line) and the
    // recovered voice spoke it; nobody was told about another switch.
    expect(out.transcripts('ai')[1]).toBe('Great. What tools do you use?');
    expect(flakyTts.spoken).toContain('Great.');
    expect(notices()).toHaveLength(2);
  });

  it('endpoints a speech segment at 60 s; the turn goes on in a new segment', async () => {
    const stt = new FakeStt(['I talked for a whole minute', 'and then a little more']);
    const { session, out, clock } = setup({ stt: [stt] });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    // 65 s of speech with short pauses between words (never long enough to end the segment).
    const word = new Int16Array([...tone(400), ...silence(100)]);
    for (let i = 0; i < 130; i++) for (const c of chunks(word)) session.micChunk(c);
    await clock.settle();
    expect(stt.started).toBe(2);
    expect(out.transcripts('user', false)).toContain('I talked for a whole minute');
    session.userTurnEnd();
    await clock.until(() => out.transcripts('user').length === 1);
    expect(out.transcripts('user')).toEqual(['I talked for a whole minute and then a little more']);
  });

  it('survives a dropped socket: re-attaching resumes with the last question', async () => {
    const { session, out, sink, clock } = setup({
      settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 0 },
    });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'tts_chunk'));
    session.aiChunkPlayed(0);
    session.detach(); // mid-greeting, after the first 150 ms were heard
    const before = out.messages.length;
    await clock.advance(300);
    expect(out.messages.length).toBe(before);

    const again = new Outbox();
    session.attach(again.send, true);
    expect(again.messages[0]).toMatchObject({ event: 'session_ready', resumed: true });
    await clock.until(() => again.has((m) => m.event === 'answer_end'), 8000);
    expect(again.transcripts('ai')[0]).toBe('Welcome back. What do you draw?');
    await clock.advance(20);
    expect(sink.turns.map((t) => [t.speaker, t.text])).toEqual([
      ['ai', 'Hello Dana.'], // what was heard before the drop
      ['ai', 'Welcome back. What do you draw?'],
    ]);
  });

  it('ends once: pending speech is stored, completion runs a single time, later audio is ignored', async () => {
    const { session, out, sink, ends, clock } = setup();
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600); // still speaking when the candidate clicks End
    await Promise.all([session.end('user_ended'), session.end('user_ended')]);
    expect(ends).toEqual(['user_ended']);
    expect(sink.turns.map((t) => t.speaker)).toEqual(['ai', 'user']);
    const count = out.messages.length;
    say(session, 600, 400);
    session.userTurnEnd();
    session.bargeIn();
    await clock.advance(300);
    expect(out.messages.length).toBe(count);
    expect(out.count('conversation_ended')).toBe(0); // the client ended it; it needs no echo
  });

  it('checks in on a silent candidate by repeating the question, and closes when time is up', async () => {
    const { session, out, clock } = setup({
      settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9, idleNudgeMs: 300 },
    });
    session.attach(out.send, false);
    await clock.until(() => out.transcripts('ai').length === 2, 4000);
    expect(out.transcripts('ai')[1]).toBe("Take your time. Whenever you're ready: What do you draw?");

    const late = setup({
      plan: { ...plan(), maxMinutes: 0.001 },
      settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9, idleNudgeMs: 300 },
    });
    late.session.attach(late.out.send, false);
    await late.clock.until(() => late.out.has((m) => m.event === 'conversation_ended'), 5000);
    expect(late.ends).toEqual(['conversation_ended']);
  });

  it('closes with a goodbye and conversation_ended when the question budget is used', async () => {
    const { session, out, ends, clock } = setup({
      plan: plan(1),
      stt: [new FakeStt(['I painted murals for ten years in my home town and loved it', 'Mostly acrylics.'])],
    });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600, 300); // a concrete answer earns one follow-up first
    await clock.until(() => out.count('answer_end') === 2, 5000);
    say(session, 600, 300);
    await clock.until(() => out.has((m) => m.event === 'conversation_ended'), 5000);
    expect(out.transcripts('ai').at(-1)).toBe('Thank you, that is all. Goodbye!');
    const events = out.messages.map((m) => m.event);
    expect(events.lastIndexOf('answer_end')).toBeLessThan(events.indexOf('conversation_ended'));
    expect(ends).toEqual(['conversation_ended']);
  });

  it('asks the candidate to say it again when no recognizer could hear the answer, instead of going silent', async () => {
    const recognizer = new FakeStt(['I draw comics every single day of the week'], 'finish');
    const { session, out, clock } = setup({ stt: [recognizer] });
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));

    let from = out.messages.length;
    say(session, 600, 300);
    await clock.until(() => out.has((m) => m.event === 'answer_end', from), 3000);
    expect(out.transcripts('user')).toEqual([]);
    expect(out.transcripts('ai').at(-1)).toBe("Sorry, I didn't catch that. Could you say it again?");

    // Heard the second time: the interview goes on with the next question.
    recognizer.failure = 'none';
    from = out.messages.length;
    say(session, 600, 300);
    await clock.until(() => out.has((m) => m.event === 'answer_end', from), 3000);
    expect(out.transcripts('user')).toEqual(['I draw comics every single day of the week']);
    expect(out.transcripts('ai').at(-1)).toBe('Nice. What tools do you use?');
  });
});
