import { describe, expect, it } from 'vitest';
import { FallbackStt, FallbackTts } from '../../src/interview/fallback';
import type { TextToSpeech } from '../../src/interview/providers/types';
import { FakeStt, FakeTts } from './fakes';
import { ManualClock } from './manual-clock';

function adapterOptions(clock: ManualClock) {
  const notices: string[] = [];
  const errors: string[] = [];
  return {
    notices,
    errors,
    opts: {
      clock,
      notify: (m: string) => void notices.push(m),
      unavailable: (m: string) => void errors.push(m),
      backoff: { firstMs: 1000, maxMs: 4000 },
    },
  };
}

async function recognize(stt: FallbackStt): Promise<string> {
  const stream = stt.start(() => {});
  stream.write(new Int16Array(1600));
  const result = await stream.finish();
  return typeof result === 'string' ? result : result.text;
}

describe('provider fallback with recovery', () => {
  it('re-runs a failed segment on the next recognizer, and returns to the first once a probe hears it again', async () => {
    const clock = new ManualClock();
    const { notices, opts } = adapterOptions(clock);
    const hosted = new FakeStt(['heard by the probe', 'hosted is back'], 'finish', 'hosted');
    const offline = new FakeStt(['from the backup', 'still the backup']);
    const stt = new FallbackStt([hosted, offline], opts);

    expect(await recognize(stt)).toBe('from the backup');
    expect(notices).toEqual(['Speech recognition (hosted) failed; switched to fake-stt.']);
    expect(await recognize(stt)).toBe('still the backup'); // not retried before its back-off

    hosted.failure = 'none';
    await clock.advance(1000);
    expect(await recognize(stt)).toBe('hosted is back');
    expect(notices).toHaveLength(1);
  });

  it('treats a busy spell as a busy spell: the answer goes to another recognizer or is asked again, and nobody is told it failed', async () => {
    const clock = new ManualClock();
    const { notices, errors, opts } = adapterOptions(clock);
    const local = new FakeStt(['heard locally again'], 'busy', 'pocketsphinx');
    const hosted = new FakeStt(['heard by the hosted one']);
    const stt = new FallbackStt([local, hosted], opts);
    expect(await recognize(stt)).toBe('heard by the hosted one');

    const alone = new FallbackStt([local], opts);
    const stream = alone.start(() => {});
    stream.write(new Int16Array(1600));
    expect(await stream.finish()).toEqual({ text: '', unheard: true });
    expect(notices).toEqual([]);
    expect(errors).toEqual([]);

    // Still the first choice: the next answer goes to it without waiting for a probe.
    local.failure = 'none';
    expect(await recognize(stt)).toBe('heard locally again');
  });

  it('keeps probing with a growing back-off while the provider stays down', async () => {
    const clock = new ManualClock();
    const { errors, opts } = adapterOptions(clock);
    const voice = new FakeTts(true);
    let probes = 0;
    const synthesize = voice.synthesize.bind(voice);
    voice.synthesize = (text: string) => {
      probes++;
      return synthesize(text);
    };
    const tts = new FallbackTts([voice], opts);
    expect(await tts.synthesize('Hello there.', new AbortController().signal)).toHaveLength(0);
    expect(errors).toEqual(['Speech synthesis is unavailable right now.']);
    probes = 0;
    await clock.advance(1000 + 2000 + 4000 + 4000); // probes at 1 s, 3 s, 7 s and 11 s
    expect(probes).toBe(4);

    voice.fail = false;
    await clock.advance(4000);
    const audio = await tts.synthesize('Hello there.', new AbortController().signal);
    expect(audio.length).toBeGreaterThan(0);
  });

  it('with every provider down, still tries them rather than staying deaf until a probe', async () => {
    const clock = new ManualClock();
    const { errors, opts } = adapterOptions(clock);
    const only = new FakeStt(['back already'], 'start', 'offline');
    const stt = new FallbackStt([only], opts);
    expect(() => stt.start(() => {})).toThrow();
    expect(errors).toEqual(['Speech recognition is unavailable right now.']);
    only.failure = 'none'; // e.g. a recognizer that timed out under load
    expect(await recognize(stt)).toBe('back already');
  });

  it('counts silence where a sentence should be as a failure of the voice, and says the next one instead', async () => {
    const clock = new ManualClock();
    const { notices, opts } = adapterOptions(clock);
    const mute: TextToSpeech = { name: 'mute', synthesize: async () => new Int16Array(0) };
    const backup = new FakeTts();
    const tts = new FallbackTts([mute, backup], opts);
    const audio = await tts.synthesize('Hello there.', new AbortController().signal);
    expect(audio.length).toBeGreaterThan(0);
    expect(backup.spoken).toEqual(['Hello there.']);
    expect(notices).toEqual(['Speech synthesis (mute) failed; switched to fake-tts.']);
  });

  it('lets a bug in our own code surface instead of passing it off as a provider failure', async () => {
    const clock = new ManualClock();
    const { notices, errors, opts } = adapterOptions(clock);
    const broken: TextToSpeech = {
      name: 'broken',
      synthesize: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'length')");
      },
    };
    const backup = new FakeTts();
    const tts = new FallbackTts([broken, backup], opts);
    await expect(tts.synthesize('Hello there.', new AbortController().signal)).rejects.toThrow(TypeError);
    expect(backup.spoken).toEqual([]);
    expect(notices).toEqual([]);
    expect(errors).toEqual([]);

    const stt = new FallbackStt(
      [
        {
          name: 'buggy',
          start: () => {
            throw new RangeError('offset out of bounds');
          },
        },
        new FakeStt(['never asked']),
      ],
      opts,
    );
    expect(() => stt.start(() => {})).toThrow(RangeError);
    expect(notices).toEqual([]);
  });
});
