import { concatPcm, encodeWav, STT_RATE } from '../../audio';
import { ProviderError, type SpeechToText, type SttStream } from '../types';

export type OpenAiSttOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

/**
 * An OpenAI-compatible transcription endpoint (`POST {base}/audio/transcriptions`): hosted
 * services or a local server. The utterance is buffered and sent as one WAV file when it ends;
 * such endpoints give no interim text.
 */
export class OpenAiStt implements SpeechToText {
  readonly name = 'openai-stt';
  constructor(private readonly opts: OpenAiSttOptions) {}

  start(): SttStream {
    const parts: Int16Array[] = [];
    const controller = new AbortController();
    const { baseUrl, apiKey, model, timeoutMs = 15000 } = this.opts;
    const name = this.name;
    return {
      write: (samples) => void parts.push(samples),
      abort: () => controller.abort(),
      async finish() {
        const wav = encodeWav(concatPcm(parts), STT_RATE);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'utterance.wav');
        form.append('model', model);
        form.append('response_format', 'json');
        let res: Response;
        try {
          res = await fetch(`${baseUrl.replace(/\/$/, '')}/audio/transcriptions`, {
            method: 'POST',
            headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
            body: form,
            signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
          });
        } catch (err) {
          throw new ProviderError(name, (err as Error).message);
        }
        if (!res.ok) throw new ProviderError(name, `HTTP ${res.status}`);
        const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
        if (!body || typeof body.text !== 'string') throw new ProviderError(name, 'reply has no text');
        return body.text.trim();
      },
    };
  }
}
