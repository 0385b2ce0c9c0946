import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conductor, buildPlan } from '../../src/interview/plan';
import { OpenAiInterviewer } from '../../src/interview/providers/llm/openai';
import type { InterviewerRequest } from '../../src/interview/providers/types';
import { startStubServer, streamChatCompletion } from '../helpers/stub-server';
import { heardWords } from './conversation';

/** A local stand-in for an OpenAI-compatible chat server that says whatever the test sets. */
let reply = '';
const bodies: { messages: { role: string; content: string }[] }[] = [];
let server: Awaited<ReturnType<typeof startStubServer>>;
let base: string;

beforeAll(async () => {
  server = await startStubServer((_req, body, res) => {
    bodies.push(JSON.parse(body.toString()));
    streamChatCompletion(res, reply.split(/(?<= )/));
  });
  base = `${server.url}/v1`;
});
afterAll(() => server.close());

const plan = buildPlan(
  {
    job: {
      title: 'Product Photographer',
      description: 'Shoot products for online stores.',
      positionType: 'Contract',
      interviewType: 'standard',
      skills: [{ name: 'Studio lighting' }],
      customQuestions: ['How do you check that colors match the real product?'],
    },
    candidate: { name: 'Lee Park' },
  },
  { maxMinutes: 20, maxQuestions: 5 },
);

/** The request the session would send after this answer to the first question. */
function afterAnswer(say: string): InterviewerRequest {
  const conductor = new Conductor(plan);
  conductor.opening();
  const { text, words } = heardWords(say);
  const understood = conductor.understand(text, words);
  return { move: conductor.next(understood, 60000), history: [], lastAnswer: text, minutesLeft: 19, understood };
}

async function speak(llm: OpenAiInterviewer, request: InterviewerRequest): Promise<string> {
  let out = '';
  for await (const piece of llm.reply(request, new AbortController().signal)) out += piece;
  return out.trim();
}

describe('the model interviewer keeps the conductor rules', () => {
  const rich = 'Last winter I photographed a kitchen catalog in my garage with two windows and a [[bedsheet]]';

  it('receives the surely heard items and the move, and its good reply is spoken as is', async () => {
    const llm = new OpenAiInterviewer(plan, { baseUrl: base, model: 'm' });
    const request = afterAnswer(rich);
    expect(request.move).toMatchObject({ kind: 'follow_up', reason: 'probe' });
    reply = 'A kitchen catalog in your garage! How did you control the light there?';
    expect(await speak(llm, request)).toBe(reply);
    const instruction = bodies.at(-1)!.messages.at(-1)!.content;
    expect(instruction).toContain('"photographed a kitchen catalog"');
    expect(instruction).toContain('Ask one short follow-up question');
    expect(instruction).not.toContain('bedsheet');
    expect(llm.replaced).toEqual([]);
  });

  it.each([
    ['asks nothing', 'That sounds like a lovely project in your garage.'],
    [
      're-asks an answered question',
      'Nice. To start, tell me about your creative background and what draws you to this role?',
    ],
    [
      'runs past the turn',
      `You photographed a catalog. ${'Tell me more about it and everything around it. '.repeat(6)}What was hard?`,
    ],
    ['names a word it did not surely hear', 'The bedsheet as a diffuser is clever: how did you hang it?'],
  ])('a reply that %s falls back to the built-in phrasing for that turn', async (_why, bad) => {
    const llm = new OpenAiInterviewer(plan, { baseUrl: base, model: 'm' });
    reply = bad;
    const said = await speak(llm, afterAnswer(rich));
    expect(said).not.toBe(bad);
    expect(said).toMatch(/photographed a kitchen catalog/);
    expect(said).toMatch(/\?$/);
    expect(said.toLowerCase()).not.toContain('bedsheet');
    expect(llm.replaced).toHaveLength(1);
  });

  it('a closing that asks something is replaced by the built-in goodbye', async () => {
    const llm = new OpenAiInterviewer(plan, { baseUrl: base, model: 'm' });
    reply = 'Thanks Lee! Any questions for us?';
    const said = await speak(llm, { move: { kind: 'closing' }, history: [], minutesLeft: 0 });
    expect(said).toMatch(/hiring team will review our conversation and email you about next steps\. Goodbye!$/);
  });

  it('a greeting that does not say it is an AI is replaced by the built-in one, which does (issue 35)', async () => {
    const llm = new OpenAiInterviewer(plan, { baseUrl: base, model: 'm' });
    const greeting = {
      move: { kind: 'greeting' as const, question: plan.questions[0]! },
      history: [],
      minutesLeft: 20,
    };
    reply = 'Hi Lee, great to meet you! What draws you to product photography?';
    const said = await speak(llm, greeting);
    expect(bodies.at(-1)!.messages.at(-1)!.content).toContain('you are an AI interviewer');
    expect(said).toMatch(/^Hi Lee, I'm the AI interviewer for the Product Photographer role\./);
    expect(llm.replaced).toHaveLength(1);

    const honest = new OpenAiInterviewer(plan, { baseUrl: base, model: 'm' });
    reply = "Hi Lee, I'm an AI interviewer, glad you're here. What draws you to product photography?";
    expect(await speak(honest, greeting)).toBe(reply);
    expect(honest.replaced).toEqual([]);
  });
});
