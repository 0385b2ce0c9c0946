// Conversation report: one whole offline interview with a scripted candidate (text level:
// understanding → conductor → built-in interviewer, simulated clock), its transcript, and the
// figures of issue "the interviewer listens". The script below was written apart from the one the
// rules were developed on (apps/server/test/interview/conversation.test.ts).
//   npm run report:conversation
import os from 'node:os';
import { buildPlan } from '../apps/server/src/interview/plan';
import { StructuredInterviewer } from '../apps/server/src/interview/providers/llm/structured';
import { FliteTts } from '../apps/server/src/interview/providers/tts/flite';
import { conversationFigures, runConversation, type ScriptedAnswer } from '../apps/server/test/interview/conversation';

const job = {
  title: 'Motion Designer',
  description:
    'Create short animated explainers and social clips for product launches. You will animate typography, build ' +
    'simple 3D scenes and deliver files on a weekly schedule.',
  positionType: 'Contract',
  interviewType: 'standard' as const,
  skills: [
    { name: 'After Effects', description: 'Keyframes, expressions, shape layers' },
    { name: 'Kinetic typography', description: 'Animated type that stays readable' },
    { name: 'Cinema 4D', description: 'Simple 3D product shots' },
  ],
  customQuestions: [
    'How do you make sure an animation still reads well with the sound off?',
    'Tell me about a time a client changed the brief late in a project.',
    'Which motion designers or studios influence your work, and why?',
  ],
};
const candidate = { name: 'Priya Nair', position: 'motion designer', skills: ['After Effects', 'Blender'] };

const answers: ScriptedAnswer[] = [
  { say: 'Hold on, give me an amen please' },
  {
    say: 'I started in print design and moved to motion four years ago when I animated a launch video for a coffee roaster in Lisbon',
    concrete: true,
  },
  { say: 'Mostly the challenge, I guess' },
  {
    say: 'For a fintech startup I animated a sixty second explainer with my own character rig and I matched every beat to a voice over',
    concrete: true,
  },
  { say: 'Sorry could you repeat the question' },
  {
    say: 'I keep the [[kern]] tight and I hold each word on screen for at least twelve frames so people can read it on a phone',
    concrete: true,
  },
  { say: 'I use it a lot, it is good' },
  {
    say: 'I modeled a wireless speaker in Cinema 4D, lit it with an HDRI from a [[warehouse]] and rendered thirty product angles overnight',
    concrete: true,
  },
  { say: 'Honestly my weekend was great, I went hiking with my cousins near the lake and we cooked fish over a fire' },
  {
    say: 'I add burned in captions and I test every cut muted on my phone on a bus ride before I send it',
    concrete: true,
  },
  { say: 'Can you explain the question' },
  {
    say: 'A sneaker brand swapped their logo two days before launch, so I rebuilt the end card and re-rendered nine social cuts in one night',
    concrete: true,
  },
  { say: 'that is all' },
  { say: 'I do not know', silenceBefore: 35 },
  {
    say:
      'So the project I am proudest of is a series of twelve onboarding videos for a banking app. I wrote the scripts with their ' +
      'product team, I designed a flat illustration style with a limited palette, I animated everything in After Effects with ' +
      'shape layers, I built a small library of reusable transitions so every episode felt consistent, and I recorded scratch ' +
      'audio myself so the timing was right before the real voice actor came in. We shipped one video a week for three months ' +
      'and support tickets about the first login dropped noticeably, which the client measured and shared with us afterwards.',
    concrete: true,
  },
  {
    say: 'My art director once told me the transitions were too busy, so I cut the easing in half and the next review went smoothly',
    concrete: true,
  },
  {
    say: 'I block out the [[storyboards]] first, then I lock the animatic with the client before any polish so deadlines never slip',
    concrete: true,
  },
  {
    say: 'I can do around twenty five hours a week, mornings in Central European time, and I have my own license for the tools',
    concrete: true,
  },
  { say: 'Not sure really' },
  {
    say: 'I taught a weekend workshop on [[Lottie]] exports for a design school and wrote a checklist the students still use',
    concrete: true,
  },
  { say: 'I am done' },
  {
    say: 'I really like how Buck and Oddfellows use bold color blocks, and I copied their timing in a personal piece about tea',
    concrete: true,
  },
  {
    say: 'I also freelance for a podcast network and I make audiogram templates with animated waveforms for their episodes',
    concrete: true,
  },
];

const plan = buildPlan({ job, candidate }, { maxMinutes: 25, maxQuestions: 11 });
const interviewer = new StructuredInterviewer(plan);
const result = await runConversation(plan, interviewer, answers);

console.log('--- transcript (simulated clock) ---');
for (const line of result.lines) {
  const t = new Date(line.at).toISOString().slice(14, 19);
  console.log(`[${t}] ${line.speaker === 'ai' ? 'AI' : 'Candidate'}: ${line.text}`);
}

const jobText = [
  job.title,
  job.description,
  ...job.skills.flatMap((s) => [s.name, s.description]),
  ...candidate.skills,
].join(' ');
const f = conversationFigures(plan, result, jobText, job.customQuestions);
const flite = new FliteTts();
const greeting = result.lines[0]!.text;
const audio = await flite.synthesize(greeting, new AbortController().signal);
flite.close?.();

console.log('\n--- figures ---');
console.log(`answers scripted: ${answers.length}, answered turns: ${result.replies.length}`);
console.log(
  `concrete answers answered with a reply naming something the candidate said: ${f.namedBack}/${f.concreteAnswers} (${Math.round(f.namedShare * 100)} %)`,
);
console.log(`misheard (low-confidence) words echoed: ${f.misheardEchoed.length} ${JSON.stringify(f.misheardEchoed)}`);
console.log(`custom questions asked: ${f.customAsked}/${f.customTotal}`);
console.log(`closed within the time limit (${plan.maxMinutes} min): ${f.closedWithinLimit}`);
console.log(`repeated sentences of >= 5 words: ${f.repeatedSentences.length} ${JSON.stringify(f.repeatedSentences)}`);
console.log(`greeting with first question: ${(audio.length / 24000).toFixed(1)} s of Flite audio`);
console.log(
  `understanding per turn in the interview: p95 ${f.understandP95Ms.toFixed(2)} ms over ${result.understandMs.length} turns`,
);

// The same answers again, 20 rounds after warm-up: intent matching and understanding, wall time per
// answer (the machine may be shared with other work: the load average is printed).
const { Conductor } = await import('../apps/server/src/interview/plan');
const conductor = new Conductor(plan) as unknown as { understand?: (t: string) => unknown };
const detectIntent = (await import('../apps/server/src/interview/intents').catch(() => null))?.detectIntent;
if (conductor.understand) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 21; round++) {
    for (const a of answers) {
      const text = a.say.replace(/\[\[|\]\]/g, '');
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      detectIntent?.(text);
      conductor.understand(text);
      const wall = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (round > 0) {
        times.push(wall);
        cpu.push((used.user + used.system) / 1000);
      }
    }
  }
  const p = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!.toFixed(2);
  console.log(
    `intents + understanding per answer, ${times.length} calls: wall p50 ${p(times, 0.5)} ms, p95 ${p(times, 0.95)} ms; ` +
      `CPU p50 ${p(cpu, 0.5)} ms, p95 ${p(cpu, 0.95)} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
}
