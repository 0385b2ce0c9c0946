import type { AdminCandidateListItem, TaskCreate } from '@app/shared';
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
};

/**
 * Turns a parsed task file into the tasks to create: checks that every referenced media file is
 * attached and every assignee e-mail is an accepted candidate before anything is sent, uploads each
 * media file once, and picks assignees (the row's e-mail first, then the chosen mode)
 * (docs/decisions/0073-provider-console.md).
 */
export async function prepareTaskUpload(input: TaskUploadInput): Promise<TaskCreate[]> {
  const { tasks, accepted, mode } = input;
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
    const data = t.mediaFile
      ? { ...t.task.data_to_annotate, data_url: urls.get(t.mediaFile)! }
      : t.task.data_to_annotate;
    return { ...t.task, data_to_annotate: data, ...(assignee && { assignee_id: assignee }) };
  });
}
