import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/interview/audio';
import { OpenAiInterviewer } from '../../src/interview/providers/llm/openai';
import { OpenAiStt } from '../../src/interview/providers/stt/openai';
import { OpenAiTts } from '../../src/interview/providers/tts/openai';
import { ProviderError } from '../../src/interview/providers/types';
import { startStubServer, streamChatCompletion } from '../helpers/stub-server';
import { plan, tone } from './fakes';

/** A local stand-in for an OpenAI-compatible server, recording what it was sent. */
type Seen = { url: string; auth?: string; contentType?: string; body: Buffer };
const seen: Seen[] = [];
let failNext = false;
let server: Awaited<ReturnType<typeof startStubServer>>;
let base: string;

beforeAll(async () => {
  server = await startStubServer((req, body, res) => {
    seen.push({ url: req.url!, auth: req.headers.authorization, contentType: req.headers['content-type'], body });
    if (failNext) {
      failNext = false;
      res.writeHead(500).end('boom');
      return;
    }
    if (req.url === '/v1/chat/completions') {
      streamChatCompletion(res, ['Thanks, Dana. ', 'What tools ', 'do you use?']);
    } else if (req.url === '/v1/audio/transcriptions') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: ' I draw comics. ' }));
    } else if (req.url === '/v1/audio/speech') {
      // 100 ms at 16 kHz stereo: must come back as 24 kHz mono.
      const stereo = new Int16Array(3200).fill(500);
      const wav = encodeWav(stereo, 16000);
      wav.writeUInt16LE(2, 22);
      wav.writeUInt32LE(16000 * 4, 28);
      wav.writeUInt16LE(4, 32);
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    } else res.writeHead(404).end();
  });
  base = `${server.url}/v1`;
});
afterAll(() => server.close());

describe('OpenAI-compatible providers', () => {
  it('streams the interviewer reply with the plan as system prompt and the move as instruction', async () => {
    const p = plan();
    const llm = new OpenAiInterviewer(p, { baseUrl: base, apiKey: 'k1', model: 'm1' });
    const pieces: string[] = [];
    const move = { kind: 'question' as const, question: 'What tools do you use?', acknowledge: true };
    for await (const x of llm.reply(
      { move, history: [{ role: 'user', content: 'I draw.' }], minutesLeft: 12 },
      new AbortController().signal,
    )) {
      pieces.push(x);
    }
    expect(pieces.join('')).toBe('Thanks, Dana. What tools do you use?');
    const req = seen.at(-1)!;
    expect(req.auth).toBe('Bearer k1');
    const body = JSON.parse(req.body.toString());
    expect(body).toMatchObject({ model: 'm1', stream: true });
    expect(body.messages[0]).toEqual({ role: 'system', content: p.systemPrompt });
    expect(body.messages[1]).toEqual({ role: 'user', content: 'I draw.' });
    expect(body.messages.at(-1).content).toContain('"What tools do you use?"');
    expect(body.messages.at(-1).content).toContain('About 12 minutes are left.');
  });

  it('transcribes an utterance sent as a 16 kHz WAV upload', async () => {
    const stt = new OpenAiStt({ baseUrl: base, model: 'whisper-x' });
    const stream = stt.start();
    stream.write(tone(100).subarray(0, 1600));
    expect(await stream.finish()).toBe('I draw comics.');
    const req = seen.at(-1)!;
    expect(req.contentType).toMatch(/^multipart\/form-data/);
    expect(req.body.toString('latin1')).toContain('whisper-x');
    expect(req.body.toString('latin1')).toContain('RIFF');
  });

  it('synthesizes speech and converts it to 24 kHz mono', async () => {
    const tts = new OpenAiTts({ baseUrl: base, model: 'tts-x', voice: 'v' });
    const samples = await tts.synthesize('Hello there.', new AbortController().signal);
    expect(samples.length).toBe(2400); // 100 ms at 24 kHz
    expect(JSON.parse(seen.at(-1)!.body.toString())).toEqual({
      model: 'tts-x',
      voice: 'v',
      input: 'Hello there.',
      response_format: 'wav',
    });
  });

  it('reports server errors as provider failures (so the session can fall back)', async () => {
    failNext = true;
    await expect(
      new OpenAiTts({ baseUrl: base, model: 't', voice: 'v' }).synthesize('Hi.', new AbortController().signal),
    ).rejects.toBeInstanceOf(ProviderError);
    failNext = true;
    const s = new OpenAiStt({ baseUrl: base, model: 'w' }).start();
    await expect(s.finish()).rejects.toThrow(/HTTP 500/);
  });
});
