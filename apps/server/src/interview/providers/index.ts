import path from 'node:path';
import type { InterviewPlan } from '../plan';
import { JobModels, type JobText } from '../recognition/job-model';
import { OpenAiInterviewer } from './llm/openai';
import { StructuredInterviewer } from './llm/structured';
import { OpenAiStt, type OpenAiSttOptions } from './stt/openai';
import { PocketsphinxStt } from './stt/pocketsphinx';
import { RecognizerPool, type RecognizerPoolOptions } from './stt/recognizer-pool';
import { FliteTts } from './tts/flite';
import { OpenAiTts } from './tts/openai';
import type { Interviewer, SpeechToText, TextToSpeech } from './types';

/** The provider settings of the server configuration (see config/env.ts). */
export type ProviderConfig = {
  STT_PROVIDER: string;
  STT_BASE_URL?: string;
  STT_API_KEY?: string;
  STT_MODEL: string;
  LLM_PROVIDER: string;
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL: string;
  TTS_PROVIDER: string;
  TTS_BASE_URL?: string;
  TTS_API_KEY?: string;
  TTS_MODEL: string;
  TTS_VOICE: string;
  FLITE_VOICE: string;
  /** Job language models are cached under DATA_DIR/recognition; without it, the general model only. */
  dataDir?: string;
  /** Build and use job-aware language models for the offline recognizer (decision 0117). */
  STT_JOB_MODELS?: boolean;
  /** Offline recognizer processes shared by all live interviews (decision 0124); default two per core. */
  STT_WORKERS?: number;
  /** Queue-wait and shed reports of the shared recognizers (metrics, logs). */
  recognizerEvents?: Pick<RecognizerPoolOptions, 'onWait' | 'onShed'>;
};

/** A session's recognizer chain and how to let go of it. */
export type SessionStt = { stt: SpeechToText[]; release(): void };

export type Providers = {
  stt: SpeechToText[];
  tts: TextToSpeech[];
  /** Interviewers are per session: they phrase that session's plan. */
  interviewers: (plan: InterviewPlan) => Interviewer[];
  /**
   * The recognizer chain for one interview: the offline engine with the job's own language model
   * when it is built (a build starts in the background otherwise), else the shared chain.
   */
  sttFor?(job: JobText | null): SessionStt;
  /** Builds the job's recognition model ahead of its first interview; absent when job models are off. */
  prepareJob?(job: JobText): Promise<void>;
  /** The offline recognizer processes (admission control and the benchmark read it). */
  recognizers?: RecognizerPool;
  warmUp(): void;
  close(): void;
};

/** The chain's order: `auto` = the remote service first when configured, then the offline engine. */
function providerOrder(value: string, remote: boolean, offline: string): string[] {
  return value === 'auto'
    ? [...(remote ? ['openai'] : []), offline]
    : value
        .split(',')
        .map((s) => s.trim())
        // An OpenAI-compatible provider without its base URL cannot be used.
        .filter((s) => s && (s !== 'openai' || remote));
}

/**
 * The OpenAI-compatible transcription service when the recognizer chain uses it (STT_BASE_URL set,
 * STT_PROVIDER `auto` or naming `openai`); null otherwise. The careful pass uses it too (decision 0172).
 */
export function sttService(
  config: Pick<ProviderConfig, 'STT_PROVIDER' | 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>,
): OpenAiSttOptions | null {
  if (!providerOrder(config.STT_PROVIDER, Boolean(config.STT_BASE_URL), 'pocketsphinx').includes('openai')) return null;
  return { baseUrl: config.STT_BASE_URL!, apiKey: config.STT_API_KEY, model: config.STT_MODEL };
}

/**
 * The provider chains from configuration. `auto` (the default) means: the OpenAI-compatible
 * service first when its base URL is set, then the offline engine as the fallback. An explicit
 * comma-separated list ("openai,pocketsphinx") sets the order.
 */
export function buildProviders(config: ProviderConfig): Providers {
  const order = providerOrder;

  const recognizers = new RecognizerPool({ size: config.STT_WORKERS, ...config.recognizerEvents });
  const pocketsphinx = new PocketsphinxStt({ pool: recognizers });
  const flite = new FliteTts({ voice: config.FLITE_VOICE });

  const stt = order(config.STT_PROVIDER, Boolean(config.STT_BASE_URL), 'pocketsphinx').map((name): SpeechToText => {
    if (name === 'openai') return new OpenAiStt(sttService(config)!);
    return pocketsphinx;
  });
  const jobModels =
    config.dataDir && config.STT_JOB_MODELS !== false ? new JobModels(path.join(config.dataDir, 'recognition')) : null;
  const sttFor = (job: JobText | null): SessionStt => {
    const shared = { stt, release() {} };
    if (!job || !jobModels || !stt.includes(pocketsphinx) || !pocketsphinx.available()) return shared;
    const model = jobModels.get(job);
    if (!model) return shared;
    // The job's model is loaded in one of the shared recognizers (when there is room) before the
    // candidate first speaks; it stays there for the job's next interviews until another model needs the room.
    const own = new PocketsphinxStt({
      pool: recognizers,
      lm: model.lm,
      dict: model.dict,
      warm: 1,
    });
    if (!own.available()) return shared;
    own.warmUp();
    return { stt: stt.map((p) => (p === pocketsphinx ? own : p)), release: () => own.close() };
  };

  const tts = order(config.TTS_PROVIDER, Boolean(config.TTS_BASE_URL), 'flite').map((name): TextToSpeech => {
    if (name === 'openai') {
      return new OpenAiTts({
        baseUrl: config.TTS_BASE_URL!,
        apiKey: config.TTS_API_KEY,
        model: config.TTS_MODEL,
        voice: config.TTS_VOICE,
      });
    }
    return flite;
  });
  const llmOrder = order(config.LLM_PROVIDER, Boolean(config.LLM_BASE_URL), 'structured');

  return {
    stt,
    tts,
    interviewers: (plan) =>
      llmOrder.map((name) =>
        name === 'openai'
          ? new OpenAiInterviewer(plan, {
              baseUrl: config.LLM_BASE_URL!,
              apiKey: config.LLM_API_KEY,
              model: config.LLM_MODEL,
            })
          : new StructuredInterviewer(plan),
      ),
    sttFor,
    prepareJob:
      jobModels && stt.includes(pocketsphinx)
        ? async (job) => {
            if (pocketsphinx.available()) await jobModels.ensure(job);
          }
        : undefined,
    recognizers,
    warmUp() {
      if (stt.includes(pocketsphinx) && pocketsphinx.available()) pocketsphinx.warmUp();
      if (tts.includes(flite)) void flite.warmUp().catch(() => {});
    },
    close() {
      recognizers.close();
      flite.close();
    },
  };
}
