import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resample } from '../../../src/interview/audio';
import { PocketsphinxStt } from '../../../src/interview/providers/stt/pocketsphinx';
import { FliteTts } from '../../../src/interview/providers/tts/flite';
import { JobModels, type JobText } from '../../../src/interview/recognition/job-model';
import { recognitionToolsInstalled } from '../../helpers/recognition-tools';

const VIDEO_EDITOR: JobText = {
  title: 'Video Editor',
  description:
    'Edit short films and ads in DaVinci Resolve and Premiere Pro. Motion graphics in After Effects and Cinema 4D. Color grading, sound design and storyboards.',
  skills: [
    { name: 'DaVinci Resolve', description: 'Editing and color grading' },
    { name: 'After Effects', description: 'Motion graphics and compositing' },
    { name: 'Cinema 4D' },
  ],
  customQuestions: ['Walk me through your color grading workflow.'],
};

const tools = recognitionToolsInstalled;

const tts = new FliteTts({ workers: 1, voice: 'slt' });
const recognizers: PocketsphinxStt[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-models-'));
afterAll(() => {
  tts.close();
  for (const r of recognizers) r.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function hear(stt: PocketsphinxStt, sentence: string): Promise<string> {
  const speech = resample(await tts.synthesize(sentence, new AbortController().signal), 24000, 16000);
  const stream = stt.start(() => {});
  for (let i = 0; i < speech.length; i += 1600) stream.write(speech.subarray(i, i + 1600));
  stream.write(new Int16Array(16000));
  const result = await stream.finish();
  return typeof result === 'string' ? result : result.text;
}

describe.runIf(tools)('hearing a job with its own language model', () => {
  const models = new JobModels(dir);

  it('builds the model once per job text, and hears the job names the general model misses', async () => {
    expect(models.get(VIDEO_EDITOR)).toBeNull(); // not built yet: the interview starts on the general model
    const files = await models.ensure(VIDEO_EDITOR);
    expect(files).not.toBeNull();
    expect(models.get(VIDEO_EDITOR)?.lm).toBe(files!.lm);
    // The dictionary has the words of the job ("DaVinci" is heard as "da vinci" and written back),
    // and not the general dictionary's words the language model cannot produce.
    const dict = fs.readFileSync(files!.dict, 'utf8');
    expect(dict).toMatch(/^vinci /m);
    expect(dict).toMatch(/^resolve /m);
    expect(dict).not.toMatch(/^aaliyah /m);

    const general = new PocketsphinxStt({ warm: 0 });
    const job = new PocketsphinxStt({ lm: files!.lm, dict: files!.dict, respellings: files!.respellings, warm: 0 });
    recognizers.push(general, job);
    const sentence = 'I edit my videos in DaVinci Resolve every day.';
    const before = await hear(general, sentence);
    const after = await hear(job, sentence);
    expect(before).not.toMatch(/DaVinci Resolve/);
    expect(after).toMatch(/DaVinci Resolve/);
  }, 120_000);
});
