// One whole scripted interview over the real socket: a freshly started server with the offline
// providers (embedded recognizer, built-in interviewer, Flite), a job with skills and a custom
// question, and a candidate whose answers are synthesized by Flite and streamed in real time.
// Prints the transcript as both sides saw it and how many replies named something the candidate said.
//   npm run report:conversation:socket
import { InterviewClient } from '../apps/server/test/interview/ws-client';
import { speakAll, startLocalServer } from './lib/local-server';

// Twenty-two answers written after the rules were set (none of them was used to tune them).
const ANSWERS = [
  'Last winter I photographed a whole kitchen catalog in my garage with two windows and a white sheet.',
  'Give me a moment please.',
  'I used a grey card and I compared every photo with the real product next to my monitor.',
  'I guess it depends.',
  'I built a small light tent from foam board for jewelry and I shot about two hundred rings.',
  'For a shoe brand I photographed forty pairs on a turntable so the customers could see every side.',
  'Could you repeat the question?',
  'Mostly I edit the raw files in Lightroom and I keep one preset for each client.',
  'I am not sure.',
  'When a client wanted brighter colors I showed them two versions side by side and they picked the natural one.',
  'I learned product photography from a friend who shot furniture for a big online store.',
  'My camera is a simple mirrorless body with a fifty millimeter lens and two cheap flashes.',
  'Once the white background turned grey in every photo, so I moved the lights further back and shot everything again.',
  'I usually deliver the photos within three days and I send a small preview gallery first.',
  'I do not know.',
  'I would start with the hero shot of the product and then the details like stitching and labels.',
  'Reflections on glass bottles are the hardest, so I use black cards on both sides.',
  'Last month I photographed handmade soap for a small shop and the owner sold out in a week.',
  'I check the colors on a calibrated monitor and I print one test photo when the client is unsure.',
  'I can work about twenty hours a week, mostly in the mornings.',
  'I think my best skill is patience, because small products need a lot of tiny adjustments.',
  'That is all.',
];

// PORT picks the port (several people share the machine); otherwise one of 3471-3478.
const port = Number(process.env.PORT) || 3471 + Math.floor(Math.random() * 8);
const admin = { email: 'conversation-admin@example.test', password: 'conversation-admin-password' };
const { api, consentingCandidate, ready, jobModelBuilt, stop, socketUrl } = startLocalServer({
  port,
  dataPrefix: 'tm-conversation-',
  admin,
  env: { INTERVIEW_MAX_QUESTIONS: '8' },
});

try {
  // A busy shared machine can take minutes to start the server.
  await ready(600_000);
  const audio = await speakAll(ANSWERS);

  const adminToken = (await api('/api/auth/login', admin)).token as string;
  const job = await api(
    '/api/admin/jobs',
    {
      title: 'Product Photographer',
      description: 'Photograph products for online shops with clean backgrounds and accurate colors.',
      position_type: 'Contract',
      pay_per_hour: 40,
      interview_type: 'custom_questions',
      skills: [{ name: 'Studio lighting' }],
      custom_questions: [
        'How do you check that the colors in a photo match the real product?',
        'How would you photograph a glass bottle without reflections?',
      ],
    },
    adminToken,
  );
  // Saving the job starts its recognition model's build; a candidate interviews long after that.
  console.log(`job recognition model: ${await jobModelBuilt()}`);
  const token = await consentingCandidate('conversation', job.id);
  const client = await InterviewClient.connect(socketUrl(token));
  client.send({
    event: 'start',
    session_id: crypto.randomUUID(),
    interview_id: crypto.randomUUID(),
    job_id: job.id,
    candidate_id: 'conversation',
    candidate_name: 'Ana Lima',
  });
  await client.event('answer_end', 60000);
  await client.playbackDone();
  for (const samples of audio) {
    if (client.messages.some((m) => m.event === 'conversation_ended')) break;
    const from = client.messages.length;
    await client.speak(samples);
    await client.waitFor((m) => m.event === 'answer_end' || m.event === 'conversation_ended', 60000, from);
    await client.playbackDone();
  }
  // Out of answers: the candidate ends the interview with the end button, as in the browser.
  if (!client.messages.some((m) => m.event === 'conversation_ended'))
    client.send({ event: 'end', reason: 'user_ended' });
  await new Promise((r) => setTimeout(r, 500));
  client.close();

  const finals = client.messages.filter((m) => m.event === 'transcript' && m.final) as {
    speaker: 'ai' | 'user';
    text: string;
  }[];
  console.log('--- transcript over the socket (embedded recognizer, Flite voice slt) ---');
  for (const t of finals) console.log(`${t.speaker === 'ai' ? 'AI' : 'Candidate (as heard)'}: ${t.text}`);
  const jobWords = new Set(
    'product photographer photograph products online shops clean backgrounds accurate colors studio lighting photo real match check'.split(
      ' ',
    ),
  );
  // Each heard answer is lined up with the answer that was spoken (the one sharing most words), so a
  // reply's words can be sorted into "said by the candidate" and "misheard, then echoed".
  // Words any reply may contain on its own ("what would you do differently"): not an echo.
  const COMMON = new Set(
    'that this what would with your have there about which when were they them then than from into could should their been does tell more some time work'.split(
      ' ',
    ),
  );
  const wordsOf = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];
  const spokenFor = (heard: string) => {
    const h = new Set(wordsOf(heard));
    return ANSWERS.map((a) => ({ a, overlap: wordsOf(a).filter((w) => h.has(w)).length })).sort(
      (x, y) => y.overlap - x.overlap,
    )[0]!.a;
  };
  let rich = 0;
  let named = 0;
  const echoed: string[] = [];
  finals.forEach((t, i) => {
    const next = finals[i + 1];
    if (t.speaker !== 'user' || !next) return;
    const spoken = new Set(wordsOf(spokenFor(t.text)));
    const earlierAi = new Set(
      finals
        .slice(0, i)
        .filter((f) => f.speaker === 'ai')
        .flatMap((f) => wordsOf(f.text)),
    );
    const reply = new Set(wordsOf(next.text));
    const own = wordsOf(t.text).filter(
      (w) => w.length > 3 && !COMMON.has(w) && !jobWords.has(w) && !earlierAi.has(w) && reply.has(w),
    );
    echoed.push(...own.filter((w) => !spoken.has(w)));
    if (t.text.split(' ').length < 10) return;
    rich++;
    if (own.some((w) => spoken.has(w))) named++;
  });
  console.log(`\nreplies to answers of 10+ words naming a word the candidate said: ${named}/${rich}`);
  console.log(`misheard words said back: ${echoed.length}${echoed.length ? ` (${echoed.join(', ')})` : ''}`);
  const aiSentences = finals
    .filter((f) => f.speaker === 'ai')
    .flatMap((f) => f.text.split(/(?<=[.?!])\s+/))
    .filter((x) => x.split(' ').length >= 5);
  const repeated = aiSentences.filter((x, i) => aiSentences.indexOf(x) !== i);
  const aiText = finals
    .filter((f) => f.speaker === 'ai')
    .map((f) => f.text)
    .join(' ');
  console.log(`answers given: ${finals.filter((f) => f.speaker === 'user').length}`);
  console.log(
    `custom questions asked: ${job.custom_questions.filter((q: string) => aiText.includes(q)).length}/${job.custom_questions.length}`,
  );
  console.log(
    `sentences of 5+ words said twice (asked repeats included): ${repeated.length}${repeated.length ? ` (${repeated.join(' | ')})` : ''}`,
  );
  console.log(`closed by the interviewer: ${client.messages.some((m) => m.event === 'conversation_ended')}`);
} finally {
  await stop();
}
