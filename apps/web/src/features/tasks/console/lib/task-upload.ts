import { RATERS_PER_ITEM_MAX, type AdminCandidateListItem, type ItemCreate } from '@app/shared';
import { spreadEvenly, type ParsedTask } from './task-file';

export type AssignMode = 'none' | 'spread' | 'one';

export type TaskUploadInput = {
  tasks: ParsedTask[];
  /** Media files chosen next to the task file, matched by name to a task's media_file. */
  media: File[];
  /** The job's accepted candidates (the only possible assignees). */
  accepted: AdminCandidateListItem[];
  /** Open tasks (assigned + in progress) per candidate, for "spread evenly". */
  openLoad: Map<string, number>;
  mode: AssignMode;
  /** The candidate for mode 'one'. */
  oneId: string;
  /** Stores one media file and returns its URL. */
  upload: (file: File) => Promise<{ url: string }>;
  /**
   * How many different raters rate each entry (1 unless given). With more than one, the server makes
   * the copies and its distribution assigns them, so no assignee is chosen here.
   */
  ratersPerItem?: number;
};

/**
 * Turns a parsed task file into the tasks to create: checks that every referenced media file is
 * attached and every assignee e-mail is an accepted candidate before anything is sent, uploads each
 * media file once, and picks assignees (the row's e-mail first, then the chosen mode)
 * (docs/decisions/0073-provider-console.md).
 */
export async function prepareTaskUpload(input: TaskUploadInput): Promise<ItemCreate[]> {
  const { tasks, accepted, mode } = input;
  const raters = input.ratersPerItem ?? 1;
  checkRaters(input, raters);
  const byName = new Map(input.media.map((f) => [f.name, f]));
  const missing = tasks.filter((t) => t.mediaFile && !byName.has(t.mediaFile)).map((t) => t.mediaFile);
  if (missing.length) throw new Error(`Attach these media files too: ${[...new Set(missing)].join(', ')}`);
  const byEmail = new Map(accepted.map((c) => [c.email.toLowerCase(), c.id]));
  const unknown = tasks.filter((t) => t.assigneeEmail && !byEmail.has(t.assigneeEmail.toLowerCase()));
  if (unknown.length) {
    throw new Error(
      `Not an accepted candidate of this job: ${[...new Set(unknown.map((t) => t.assigneeEmail))].join(', ')}`,
    );
  }

  const urls = new Map<string, string>();
  for (const name of new Set(tasks.flatMap((t) => (t.mediaFile ? [t.mediaFile] : [])))) {
    urls.set(name, (await input.upload(byName.get(name)!)).url);
  }

  if (raters > 1) return tasks.map((t) => withMedia(t, urls));

  const spread =
    mode === 'spread'
      ? spreadEvenly(
          tasks.filter((t) => !t.assigneeEmail).length,
          accepted.map((c) => ({ id: c.id, openTasks: input.openLoad.get(c.id) ?? 0 })),
        )
      : [];
  let next = 0;
  return tasks.map((t) => {
    const assignee = t.assigneeEmail
      ? byEmail.get(t.assigneeEmail.toLowerCase())
      : mode === 'one'
        ? input.oneId || undefined
        : mode === 'spread'
          ? spread[next++]
          : undefined;
    return { ...withMedia(t, urls), ...(assignee && { assignee_id: assignee }) };
  });
}

/** The entry with its uploaded media file's URL as data_url. */
function withMedia(t: ParsedTask, urls: Map<string, string>): ItemCreate {
  if (!t.mediaFile) return t.task;
  return { ...t.task, data_to_annotate: { ...t.task.data_to_annotate, data_url: urls.get(t.mediaFile)! } };
}

/**
 * What cannot work with several raters per item, said before anything is uploaded: more raters per
 * item than the job has (the server says the same with a 422), and one named rater for every copy.
 */
function checkRaters({ tasks, accepted, mode }: TaskUploadInput, raters: number) {
  if (!Number.isInteger(raters) || raters < 1 || raters > RATERS_PER_ITEM_MAX) {
    throw new Error(`Raters per item must be a whole number from 1 to ${RATERS_PER_ITEM_MAX}.`);
  }
  if (raters === 1) return;
  if (raters > accepted.length) {
    throw new Error(
      `Raters per item is ${raters}, but this job has ${accepted.length} accepted rater${accepted.length === 1 ? '' : 's'}.`,
    );
  }
  if (mode === 'one') throw new Error('With several raters per item, the items cannot all go to one candidate.');
  if (tasks.some((t) => t.assigneeEmail)) {
    throw new Error(
      'assignee_email works with one rater per item only: remove the column or set Raters per item to 1.',
    );
  }
}
