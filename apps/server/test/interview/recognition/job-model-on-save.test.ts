import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../../helpers/build';
import { recognitionToolsInstalled } from '../../helpers/recognition-tools';

const tools = recognitionToolsInstalled;

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({ STT_JOB_MODELS: 'true' })));
afterAll(() => t.close());

/** Job models on disk: one folder per job text, complete once its respellings are written. */
const builtModels = () => {
  const dir = path.join(t.config.DATA_DIR, 'recognition');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'respellings.json')));
};

describe.runIf(tools)('a job saved by the provider', () => {
  it('has its recognition model built before any candidate is interviewed', async () => {
    const admin = await t.adminToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        title: 'Motion Designer',
        description: 'Animate explainer videos in After Effects and Cinema 4D.',
        position_type: 'Freelance',
        pay_per_hour: 40,
        skills: [{ name: 'After Effects' }],
        custom_questions: ['How do you plan an animation?'],
        status: 'active',
      },
    });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => expect(builtModels()).toHaveLength(1), { timeout: 150_000, interval: 500 });
    const [folder] = builtModels();
    const dict = fs.readFileSync(path.join(t.config.DATA_DIR, 'recognition', folder!, 'job.dict'), 'utf8');
    expect(dict).toMatch(/^cinema /m);
  }, 180_000);
});
