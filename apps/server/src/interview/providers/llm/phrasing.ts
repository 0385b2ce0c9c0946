import type { InterviewPlan } from '../../plan';
import { respellText } from '../../recognition/spelling';
import type { AnswerItem } from '../../understanding/understand';
import { isFigure } from '../../understanding/worth-naming';
import type { InterviewMove } from '../types';

/**
 * Probes that name back what the candidate said and ask about it, as a person would: "You mentioned
 * the kiln — how did you go about that?" (issue 33). Each is one sentence, so repeating the question
 * on request keeps what it refers to; none puts a pronoun that would not fit a plural ("test tiles").
 */
const PROBE_ACTION = [
  'You said you {x} — what was the hardest part of that?',
  'You said you {x} — how did you go about it, step by step?',
  'You said you {x} — what decisions did you make along the way?',
  'You said you {x} — how did it turn out, and what would you change today?',
];
/** Probes that name a thing the candidate brought up: a client, a project, a material. */
const PROBE_THING = [
  'You mentioned {x} — what was your own part there?',
  'You mentioned {x} — how did you go about that, step by step?',
  'You mentioned {x} — what was tricky there, and how did you handle it?',
  'Going back to {x} — how did that turn out, and what would you do differently?',
];
/** Probes that name a figure the candidate gave ("twelve frames"). */
const PROBE_FIGURE = [
  'You mentioned {x} — why that, and how did it work out?',
  'You mentioned {x} — how did you settle on that, and did it work?',
];
/** Probes that name a name: a tool, but also an employer or a place from the candidate's profile ("Lisbon"). */
const PROBE_TOOL = [
  'You mentioned {x} — how does that come into your work?',
  'You mentioned {x} — can you tell me a bit more about that?',
  'You mentioned {x} — what is one thing about it a newcomer would not know?',
];
/** Probes for a concrete answer whose details were not heard surely enough to name them. */
const PROBE_UNNAMED = [
  'What was the hardest part of that for you?',
  'What did you do there yourself, step by step?',
  'How did that turn out, and what would you do differently today?',
  'Which decision in that work are you most proud of?',
];
/** For a vague answer: ask for something specific without pretending to have understood more. */
const CLARIFY = [
  'Could you walk me through one specific time, even a small one?',
  'Can you give me a concrete example from your own work?',
  'What did you do yourself in that situation, step by step?',
  'Think of one recent project: how did that play out there?',
  'What would that look like on a normal working day for you?',
];
/** Back to the question after an answer about something else; the question follows. */
const STEER = [
  "Let's come back to the question.",
  'Let me bring us back to the role.',
  "I'd like to stay with your work for now.",
];
const EXPLAIN = [
  "Sure. I'd like to hear about your own experience, in your own words; there is no single right answer.",
  'Of course. Any real example from your work is a good answer here.',
];
/** Acknowledgments that reflect the answer in a few words, each worded for what it names. */
const ACK_THING = [
  'That gives me a clear picture of {x}, thank you.',
  'Thanks, the example of {x} helps.',
  'Thank you, that detail about {x} is useful.',
];
const ACK_TOOL = ['Good to know you work with {x}.', 'Thanks, it helps to know how you use {x}.'];
const ACK_FIGURE = ['{x}, that is a useful detail. Thank you.', 'Thank you, that figure of {x} helps.'];
const ACK_ACTION = ['Thanks, good to know you {x}.', 'Thank you for walking me through how you {x}.'];
/** Short acknowledgments (under five words, so saying one twice is not a repeated sentence). */
const ACK_PLAIN = ['Thank you.', 'Okay, thanks.', 'I see, thank you.', 'Understood.', 'Alright, thanks.'];
const AFTER_DONT_KNOW = ["That's alright.", 'No problem.', "That's fine, let's move on."];
const AFTER_DONE = ['Okay, thank you.', 'Alright, thanks.'];
/** Before the narrower opening question, after an unsure or vague first reply. */
const REPHRASE_LEAD = [
  "That's alright, let's start smaller.",
  "No problem, there's no wrong answer here. Let me put it another way.",
];

/**
 * The built-in interviewer's wording for the conductor's moves. It remembers every sentence it
 * said and never says a sentence of five or more words twice (re-asking the question aside).
 */
export class Phrasebook {
  private readonly said = new Set<string>();
  private turn = 0;

  constructor(private readonly plan: InterviewPlan) {}

  /** Counts sentences said by someone else (a language model) as said. */
  remember(text: string) {
    for (const s of sentences(text)) this.said.add(key(s));
  }

  render(move: InterviewMove): string {
    this.turn++;
    const text = this.compose(move);
    this.remember(text);
    return text;
  }

  /** What `render(move)` would say next, without counting it as said. */
  preview(move: InterviewMove): string {
    this.turn++;
    try {
      return this.compose(move);
    } finally {
      this.turn--;
    }
  }

  private compose(move: InterviewMove): string {
    const name = this.plan.firstName;
    switch (move.kind) {
      case 'greeting':
        if (this.plan.practice) return `${practiceGreeting(this.plan)} ${move.question}`;
        return (
          `Hi ${name}, I'm the AI interviewer for the ${this.plan.jobTitle} role. ` +
          `We have up to ${this.plan.maxMinutes} minutes. ${move.question}`
        );
      case 'question': {
        const lead =
          move.after === 'dont_know'
            ? this.pick(AFTER_DONT_KNOW)
            : move.after === 'done'
              ? this.pick(AFTER_DONE)
              : move.about
                ? this.reflect(move.about)
                : this.pick(ACK_PLAIN);
        return move.acknowledge ? `${lead} ${move.question}` : move.question;
      }
      case 'follow_up':
        switch (move.reason) {
          case 'probe':
            if (move.about) {
              const x = this.written(move.about.text);
              const list =
                move.about.kind === 'action'
                  ? PROBE_ACTION
                  : move.about.kind === 'tool'
                    ? PROBE_TOOL
                    : isFigure(x)
                      ? PROBE_FIGURE
                      : PROBE_THING;
              const probe = this.pick(list, x);
              if (probe) return probe;
            }
            return this.pick(PROBE_UNNAMED) || this.pick(CLARIFY) || this.pick(ACK_PLAIN);
          case 'steer':
            return `${this.pick(STEER) || this.pick(ACK_PLAIN)} ${move.question}`;
          case 'explain':
            return `${this.pick(EXPLAIN) || 'Sure.'} ${move.question}`;
          case 'rephrase':
            return `${this.pick(REPHRASE_LEAD) || "That's alright."} ${move.question}`;
          default:
            return this.pick(CLARIFY) || move.question;
        }
      case 'closing':
        // A practice's goodbye quotes nothing: its words come back in the debrief, judged there, and a
        // misheard one named in the last sentence is what the person remembers (issue 43).
        return (
          (move.about && !this.plan.practice
            ? `${this.reflect(move.about)} That's all my questions for today, ${name}. `
            : `Thank you, ${name}. That's all my questions for today. `) +
          (this.plan.practice
            ? PRACTICE_GOODBYE
            : `The hiring team will review our conversation and email you about next steps. Goodbye!`)
        );
    }
  }

  /** The candidate's words named back the way the job and the candidate write them (decision 0174). */
  private written(text: string): string {
    return this.plan.spellings ? respellText(text, this.plan.spellings) : text;
  }

  private reflect(item: AnswerItem): string {
    const x = this.written(item.text);
    const list =
      item.kind === 'action' ? ACK_ACTION : item.kind === 'tool' ? ACK_TOOL : isFigure(x) ? ACK_FIGURE : ACK_THING;
    return this.pick(list, x) || this.pick(ACK_PLAIN);
  }

  /**
   * The first template, starting at this turn's rotation, whose sentences were not said before;
   * '' when every one was (short ones of under five words may repeat).
   */
  private pick(templates: string[], x = ''): string {
    for (let k = 0; k < templates.length; k++) {
      const text = fill(templates[(this.turn + k) % templates.length]!, x);
      if (sentences(text).every((s) => words(s) < 5 || !this.said.has(key(s)))) return text;
    }
    return templates.every((t) => words(t) < 5) ? fill(templates[this.turn % templates.length]!, x) : '';
  }
}

/** Fills the slot, capitalizing it when it opens the sentence. */
function fill(template: string, x: string): string {
  return template.replace('{x}', (_m, offset: number) => (offset === 0 ? x.charAt(0).toUpperCase() + x.slice(1) : x));
}

export function sentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

function words(sentence: string): number {
  return sentence.split(/\s+/).filter(Boolean).length;
}

function key(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The practice closing: nothing goes to a hiring team, so it never says one reviews it (decision 0183). */
export const PRACTICE_GOODBYE = 'That was the practice. Your debrief is ready on the next screen. Goodbye!';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The practice greeting states what the run really is: its questions counted and its length. */
export function practiceGreeting(plan: Pick<InterviewPlan, 'firstName' | 'questions' | 'maxMinutes'>): string {
  const n = plan.questions.length;
  const count = `${NUMBER_WORDS[n] ?? n} ${n === 1 ? 'question' : 'questions'}`;
  return `Hi ${plan.firstName}, I am the AI interviewer and this is your practice interview: ${count}, up to ${plan.maxMinutes} minutes, and nothing is recorded or scored.`;
}
