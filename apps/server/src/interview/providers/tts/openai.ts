import { decodeWav, resample, SOCKET_RATE } from '../../audio';
import { ProviderError, type TextToSpeech } from '../types';

export type OpenAiTtsOptions = { baseUrl: string; apiKey?: string; model: string; voice: string; timeoutMs?: number };

/**
 * An OpenAI-compatible speech endpoint (`POST {base}/audio/speech`). WAV is requested because
 * every compatible server speaks it; the audio is resampled to the socket's 24 kHz mono.
 */
export class OpenAiTts implements TextToSpeech {
  readonly name = 'openai-tts';
  constructor(private readonly opts: OpenAiTtsOptions) {}

  async synthesize(text: string, signal: AbortSignal): Promise<Int16Array> {
    const { baseUrl, apiKey, model, voice, timeoutMs = 15000 } = this.opts;
    let res: Response;
    try {
      res = await fetch(`${baseUrl.replace(/\/$/, '')}/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, voice, input: text, response_format: 'wav' }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ProviderError(this.name, (err as Error).message);
    }
    if (!res.ok) throw new ProviderError(this.name, `HTTP ${res.status}`);
    try {
      const { samples, rate } = decodeWav(Buffer.from(await res.arrayBuffer()));
      return resample(samples, rate, SOCKET_RATE);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ProviderError(this.name, (err as Error).message);
    }
  }
}
