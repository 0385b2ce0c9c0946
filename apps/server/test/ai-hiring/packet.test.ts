/**
 * The candidate packet (issue 47 item 7): one PDF per interview and a ZIP with that PDF, the recording
 * and the transcript as JSON. Admin only, logged like an opening of the recording, blind review kept.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { RUBRIC_CRITERIA, type Assessment } from '@app/shared';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews, recordingRemuxes, transcriptTurns, users } from '../../src/db/schema';
import { saveFile } from '../../src/storage';
import { RECORDING_PURPOSE } from '../../src/interview/recording/interview-recordings';
import { createInterview } from '../../src/interview/interviews';
import { giveSample } from '../assessment/work-sample-fixtures';
import { scoredAssessment } from './fixtures';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
}, 120_000);
afterAll(() => t.close());

const QUOTE = 'I compared the contrast of the headline against the background first';
const RATIONALE = 'Explains each trade-off in plain words and checks understanding.';

function packetAssessment(): Assessment {
  const a = scoredAssessment([4, 3, 4, 5], 'advance');
  a.criteria = RUBRIC_CRITERIA.map((c, i) => ({
    key: c.key,
    label: c.label,
    score: [4, 3, 4, 5][i]!,
    rationale: i === 0 ? RATIONALE : 'Solid.',
    quotes: i === 0 ? [QUOTE] : [],
  }));
  a.provenance = {
    rubric_version: a.rubric_version,
    method: 'built_in',
    model: null,
    prompt_sha256: 'a'.repeat(64),
    recognizer: 'careful pass (pocketsphinx)',
    transcript_sha256: 'b'.repeat(64),
  };
  return a;
}

/** A candidate with an assessed interview: a careful transcript with one unsure word, a work sample, a recording. */
async function assessedCandidate(opts: { blind?: boolean; recording?: Buffer } = {}) {
  const db = t.database.db;
  const { token, user } = await t.signUp();
  await db.update(users).set({ name: 'Ana Lúcia Souza' }).where(eq(users.id, user.id));
  const job = await insertJob(db, { title: 'Poster Rater', blindReviewShare: opts.blind ? 1 : 0 });
  const iv = await createInterview(db, { jobId: job.id, candidateId: user.id, status: 'in_progress' });
  await giveSample(
    db,
    iv.id,
    job.id,
    [
      { gold: 4, rating: 3, said: ['the headline contrast is weak'] },
      { gold: 2, rating: 2, said: ['clear hierarchy'] },
    ],
    new Date(Date.now() - 600_000),
  );
  const at = new Date();
  await db.insert(transcriptTurns).values([
    {
      interviewId: iv.id,
      seq: 1,
      speaker: 'ai',
      text: 'How do you judge a poster?',
      startedAt: at,
      endedAt: at,
      offsetSeconds: 3,
    },
    {
      interviewId: iv.id,
      seq: 2,
      speaker: 'user',
      text: 'I check the kerning first',
      startedAt: at,
      endedAt: at,
      offsetSeconds: 9,
      liveText: 'I check the curling first',
      words: ['I', 'check', 'the', 'kerning', 'first'].map((w, i) => ({
        text: w,
        confidence: w === 'kerning' ? 0.2 : 0.9,
        start_seconds: i,
        end_seconds: i + 0.5,
      })),
    },
  ]);
  let recordingFileId: string | null = null;
  if (opts.recording) {
    const file = await saveFile(db, t.app.storage, {
      ownerId: user.id,
      purpose: RECORDING_PURPOSE,
      contentType: 'video/webm',
      originalName: 'interview.webm',
      body: (async function* () {
        yield opts.recording!;
      })(),
      maxBytes: 10 * 1024 * 1024,
    });
    recordingFileId = file.id;
  }
  await db
    .update(interviews)
    .set({
      status: 'under_review',
      transcriptPass: 'careful',
      assessment: packetAssessment(),
      assessedAt: new Date(),
      recordingFileId,
    })
    .where(eq(interviews.id, iv.id));
  return { token, userId: user.id, interviewId: iv.id, jobId: job.id };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The first page's drawn strings with their fonts. */
async function textItems(bytes: Buffer): Promise<{ str: string; fontName: string }[]> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const items: { str: string; fontName: string }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ('str' in item) items.push({ str: item.str.trim(), fontName: item.fontName });
  }
  return items;
}

const fakeWebm = (size: number) => {
  const buf = crypto.randomBytes(size);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(buf);
  return buf;
};

describe('the candidate packet', () => {
  it('PDF: candidate, decision, criteria with quotes, the work sample beside gold, the transcript with unsure words, provenance', async () => {
    const c = await assessedCandidate();
    const decided = await t.post(`/api/admin/interviews/${c.interviewId}/decision`, admin, {
      decision: 'approved',
      note: 'Welcome aboard, start Monday.',
    });
    expect(decided.statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/interviews/${c.interviewId}/packet.pdf`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="packet-ana-lucia-souza-[0-9a-f]{8}\.pdf"$/,
    );
    const bytes = res.rawPayload;
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('Candidate packet: Ana Lúcia Souza');

    const text = await pdfText(bytes);
    expect(text).toContain('Ana Lúcia Souza');
    expect(text).toContain('Poster Rater');
    expect(text).toContain('Approved');
    expect(text).toContain('admin@example.test');
    expect(text).toContain('Welcome aboard, start Monday.');
    expect(text).toContain('Communication: 4/5');
    expect(text).toContain(RATIONALE);
    expect(text).toContain(QUOTE);
    // The work sample: each item's rating beside its reference rating, and the figures.
    expect(text).toContain('rating 3, reference rating 4, distance 1');
    expect(text).toContain('rating 2, reference rating 2, distance 0');
    expect(text).toContain('Within one point: 100 %');
    expect(text).toContain('the headline contrast is weak');
    // The careful transcript, the unsure word marked (legend) and the live recognizer's words beside it.
    expect(text).toContain('Transcript (careful pass)');
    expect(text).toContain('were not heard surely');
    expect(text).toMatch(/I check the kerning first/);
    // The unsure word is drawn apart, in another font (italics), as the console marks it.
    const items = await textItems(bytes);
    const unsure = items.find((i) => i.str === 'kerning')!;
    const sure = items.find((i) => i.str === 'I check the')!;
    expect(unsure.fontName).not.toBe(sure.fontName);
    expect(text).toContain('Live recognizer heard: I check the curling first');
    expect(text).toContain('careful pass (pocketsphinx)');
    expect(text).toContain('Integrity events');
  });

  it('ZIP: the PDF, the transcript as JSON and the recording, with good CRCs', async () => {
    const recording = fakeWebm(300_000);
    const c = await assessedCandidate({ recording });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/interviews/${c.interviewId}/packet.zip`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packet-'));
    try {
      const zip = path.join(dir, 'packet.zip');
      fs.writeFileSync(zip, res.rawPayload);
      expect(execFileSync('unzip', ['-t', zip]).toString()).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n').sort();
      expect(names).toEqual([
        expect.stringMatching(/^packet-ana-lucia-souza-.*\.pdf$/),
        'recording.webm',
        'transcript.json',
      ]);
      const out = path.join(dir, 'out');
      execFileSync('unzip', ['-q', zip, '-d', out]);
      expect(fs.readFileSync(path.join(out, 'recording.webm')).equals(recording)).toBe(true);
      const transcript = JSON.parse(fs.readFileSync(path.join(out, 'transcript.json'), 'utf8'));
      expect(transcript).toMatchObject({ interview_id: c.interviewId, transcript_pass: 'careful', unsure_below: 0.5 });
      expect(transcript.turns[1].words.find((w: { text: string }) => w.text === 'kerning').confidence).toBe(0.2);
      const pdf = await pdfText(fs.readFileSync(path.join(out, names[0]!)));
      expect(pdf).toContain('Recording: one file');
      // The PDF names the JSON's SHA-256, so the two can be matched.
      const sha = crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(out, 'transcript.json')))
        .digest('hex');
      expect(pdf).toContain(sha);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ZIP without a recording: the PDF and the transcript, and the PDF says none was uploaded', async () => {
    const c = await assessedCandidate();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/interviews/${c.interviewId}/packet.zip`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packet-'));
    try {
      const zip = path.join(dir, 'packet.zip');
      fs.writeFileSync(zip, res.rawPayload);
      const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
      expect(names).toHaveLength(2);
      execFileSync('unzip', ['-q', zip, '-d', dir]);
      expect(
        await pdfText(
          fs.readFileSync(
            path.join(
              dir,
              names.find((n) => n.endsWith('.pdf'))!,
            ),
          ),
        ),
      ).toContain('Recording: none uploaded');
      // Once retention deleted the recording, the packet says so.
      await t.database.db
        .update(interviews)
        .set({ recordingDeletedAt: new Date('2026-01-02T03:04:00Z') })
        .where(eq(interviews.id, c.interviewId));
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/admin/interviews/${c.interviewId}/packet.pdf`,
        headers: bearer(admin),
      });
      expect(await pdfText(pdf.rawPayload)).toContain(
        'Recording: deleted on 2026-01-02 03:04 UTC under the retention policy',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ZIP of a recording in parts that were never joined: each part is its own playable file', async () => {
    const c = await assessedCandidate();
    const db = t.database.db;
    await db
      .update(interviews)
      .set({ status: 'in_progress', startedAt: new Date(Date.now() - 600_000) })
      .where(eq(interviews.id, c.interviewId));
    for (const segment of ['segment-aaaa-1', 'segment-bbbb-2']) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/interviews/${c.interviewId}/recording/chunks/0?segment=${segment}&elapsed_ms=4000`,
        headers: { ...bearer(c.token), 'content-type': 'application/octet-stream' },
        payload: fakeWebm(20_000),
      });
      expect(put.statusCode).toBe(201);
    }
    await db.update(interviews).set({ status: 'under_review' }).where(eq(interviews.id, c.interviewId));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/interviews/${c.interviewId}/packet.zip`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packet-'));
    try {
      const zip = path.join(dir, 'packet.zip');
      fs.writeFileSync(zip, res.rawPayload);
      expect(execFileSync('unzip', ['-t', zip]).toString()).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
      expect(names.filter((n) => n.startsWith('recording'))).toEqual([
        'recording-part-1-of-2.webm',
        'recording-part-2-of-2.webm',
      ]);

      // Once the parts are joined (decision 0168), the joined file is the recording.
      const joined = fakeWebm(50_000);
      const file = await saveFile(db, t.app.storage, {
        ownerId: c.userId,
        purpose: RECORDING_PURPOSE,
        contentType: 'video/webm',
        originalName: 'joined.webm',
        body: (async function* () {
          yield joined;
        })(),
        maxBytes: 10 * 1024 * 1024,
      });
      await db
        .insert(recordingRemuxes)
        .values({ interviewId: c.interviewId, fileId: file.id, chunkCount: 2, durationMs: 8000, parts: [] });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/admin/interviews/${c.interviewId}/packet.zip`,
        headers: bearer(admin),
      });
      fs.writeFileSync(zip, again.rawPayload);
      expect(execFileSync('unzip', ['-t', zip]).toString()).toContain('No errors detected');
      expect(
        execFileSync('unzip', ['-Z1', zip])
          .toString()
          .trim()
          .split('\n')
          .filter((n) => n.startsWith('recording')),
      ).toEqual(['recording.webm']);
      expect(execFileSync('unzip', ['-p', zip, 'recording.webm'], { maxBuffer: 1 << 20 }).equals(joined)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is for admins only: the candidate gets 403, an unknown interview 404, a bad id 422', async () => {
    const c = await assessedCandidate();
    for (const ext of ['pdf', 'zip']) {
      const own = await t.get(`/api/admin/interviews/${c.interviewId}/packet.${ext}`, c.token);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ detail: 'Admin access required' });
      const unknown = await t.get(`/api/admin/interviews/${crypto.randomUUID()}/packet.${ext}`, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toHaveProperty('detail');
      expect((await t.get(`/api/admin/interviews/nope/packet.${ext}`, admin)).statusCode).toBe(422);
    }
  });

  it('keeps blind review: while the reviewer has not scored, the packet says so and leaves the assessment out', async () => {
    const c = await assessedCandidate({ blind: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/interviews/${c.interviewId}/packet.pdf`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Blind review: the AI assessment is hidden');
    expect(text).not.toContain(QUOTE);
    expect(text).not.toContain(RATIONALE);
    expect(text).not.toContain('reference rating 4');
    expect(text).not.toContain('Communication: 4/5');
    expect(text).not.toContain('careful pass (pocketsphinx)');
    // The transcript is no part of the assessment: it stays.
    expect(text).toContain('I check the kerning first');
  });

  it('is logged in the interview’s access history, one entry per download', async () => {
    const c = await assessedCandidate({ recording: fakeWebm(10_000) });
    await t.get(`/api/admin/interviews/${c.interviewId}/packet.pdf`, admin);
    await t.get(`/api/admin/interviews/${c.interviewId}/packet.zip`, admin);
    await t.get(`/api/admin/interviews/${c.interviewId}/packet.zip`, c.token); // refused: not logged
    const privacy = (await t.get(`/api/admin/interviews/${c.interviewId}/privacy`, admin)).json();
    expect(privacy.access_log).toEqual([
      { kind: 'packet', admin_email: 'admin@example.test', accessed_at: expect.any(String) },
      { kind: 'packet', admin_email: 'admin@example.test', accessed_at: expect.any(String) },
    ]);
  });
});
