import { concatPcm, encodeWav, STT_RATE } from '../../audio';
import { ProviderError, type SpeechToText, type SttStream } from '../types';

export type OpenAiSttOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

const NAME = 'openai-stt';

/**
 * One `POST {base}/audio/transcriptions` of 16 kHz audio as a WAV upload, with `fields` beside the
 * file and model; the parsed JSON reply. Failures are ProviderErrors that say the HTTP status or the
 * network error, never the request (its bearer key stays out of errors and logs).
 */
export async function requestTranscription(
  opts: OpenAiSttOptions,
  pcm: Int16Array,
  fields: [name: string, value: string][],
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const { baseUrl, apiKey, model, timeoutMs = 15000 } = opts;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(encodeWav(pcm, STT_RATE))], { type: 'audio/wav' }), 'utterance.wav');
  form.append('model', model);
  for (const [name, value] of fields) form.append(name, value);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      body: form,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (err) {
    throw new ProviderError(NAME, (err as Error).message);
  }
  if (!res.ok) throw new ProviderError(NAME, `HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ProviderError(NAME, 'reply is not JSON');
  return body as Record<string, unknown>;
}

/**
 * An OpenAI-compatible transcription endpoint (`POST {base}/audio/transcriptions`): hosted
 * services or a local server. The utterance is buffered and sent as one WAV file when it ends;
 * such endpoints give no interim text.
 */
export class OpenAiStt implements SpeechToText {
  readonly name = NAME;
  constructor(private readonly opts: OpenAiSttOptions) {}

  start(): SttStream {
    const parts: Int16Array[] = [];
    const controller = new AbortController();
    const opts = this.opts;
    return {
      write: (samples) => void parts.push(samples),
      abort: () => controller.abort(),
      async finish() {
        const body = await requestTranscription(
          opts,
          concatPcm(parts),
          [['response_format', 'json']],
          controller.signal,
        );
        if (typeof body.text !== 'string') throw new ProviderError(NAME, 'reply has no text');
        return body.text.trim();
      },
    };
  }
}
