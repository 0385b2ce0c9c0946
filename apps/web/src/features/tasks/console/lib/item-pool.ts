/**
 * What an uploaded file becomes (issue 46): paid tasks for raters, or items of the job's work-sample
 * pool (rated by candidates in the interview, never by raters), or public practice examples (shown
 * with their answer and explanation after a practice rating). Pool entries are checked with the
 * shared item schema before anything is sent, so the messages are the server's own.
 */
import { itemCreateSchema, type AdminTask, type ItemCreate, type WorkSampleItem } from '@app/shared';
import type { ParsedTask } from './task-file';

export type UploadKind = 'paid' | 'work_sample' | 'example';

export const UPLOAD_KINDS: { value: UploadKind; label: string; help: string }[] = [
  { value: 'paid', label: 'Paid tasks', help: 'Rated by the job’s raters; a gold rating scores them.' },
  {
    value: 'work_sample',
    label: 'Work-sample items',
    help: 'Rated by candidates at the end of the interview, never by raters. Each needs a gold rating.',
  },
  {
    value: 'example',
    label: 'Practice examples',
    help: 'Public: rated in practice interviews, then shown with the gold rating and an explanation.',
  },
];

/** The item schema's flags for each kind. */
const FLAGS: Record<UploadKind, Partial<ItemCreate>> = {
  paid: {},
  work_sample: { work_sample: true },
  example: { example: true },
};

const SOME_USER_ID = '00000000-0000-4000-8000-000000000000';

/** The word for `n` entries of a kind ("3 work-sample items"). */
export function kindCount(kind: UploadKind, n: number): string {
  const word = { paid: 'task', work_sample: 'work-sample item', example: 'practice example' }[kind];
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The file's problems for this kind, in the shared schema's words ("Item 2: gold_rating: A
 * work-sample or example item needs its gold_rating"). Paid tasks were checked while parsing.
 */
export function poolErrors(tasks: ParsedTask[], kind: UploadKind): string[] {
  if (kind === 'paid') return [];
  return tasks.flatMap((t) => {
    // A row's assignee_email would become an assignee (an id stands in for it): the schema refuses
    // that for pool items.
    const entry = { ...t.task, ...FLAGS[kind], ...(t.assigneeEmail && { assignee_id: SOME_USER_ID }) };
    const checked = itemCreateSchema.safeParse(entry);
    if (checked.success) return [];
    return checked.error.issues.map((issue) => {
      const field = issue.path.join('.') === 'assignee_id' ? 'assignee_email' : issue.path.join('.');
      return `Item ${t.row}: ${field ? `${field}: ` : ''}${issue.message}`;
    });
  });
}

/** The entries as sent: the kind's flag on each; a paid entry carries no explanation (only examples show one). */
export function withKind(entries: ItemCreate[], kind: UploadKind): ItemCreate[] {
  return entries.map((e) => {
    if (kind === 'paid') {
      const { explanation: _unused, ...paid } = e;
      return paid;
    }
    return { ...e, ...FLAGS[kind] };
  });
}

/** The upload's reply mixes tasks (paid entries) and pool items (the others): told apart by `pool`. */
export function splitCreated(created: (AdminTask | WorkSampleItem)[]) {
  const pooled = created.filter((c): c is WorkSampleItem => 'pool' in c);
  const tasks = created.filter((c): c is AdminTask => !('pool' in c));
  return { tasks, pooled };
}
