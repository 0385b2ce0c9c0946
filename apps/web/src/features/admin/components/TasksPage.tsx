import { useEffect, useId, useMemo, useState } from 'react';
import {
  TASK_STATUSES,
  type AdminCandidateListItem,
  type AdminTask,
  type TaskCreate,
  type TaskStatus,
} from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { absoluteUrl } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { useCandidates } from '../api/candidates';
import { uploadTaskMedia } from '../api/files';
import { useAdminJobs } from '../api/jobs';
import { assignTask, createTasks, reviewTask, useAdminTasks, useTaskMutation, useTaskProgress } from '../api/tasks';
import { useSearchState } from '../hooks/use-search-state';
import { TASK_FILE_COLUMNS, parseTaskFile, spreadEvenly, type TaskFileResult } from '../lib/task-file';
import { Empty, FilterSelect, PageHeader, Pagination, Section, Table, TaskBadge, td, titleCase } from './ui';

const PAGE_SIZE = 25;
const fileInputClass =
  'mt-1 block text-sm text-slate-600 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50';
type AssignMode = 'none' | 'spread' | 'one';
const label = (c: { name: string | null; email: string }) => c.name || c.email;

function UploadTasks({
  jobId,
  accepted,
  openLoad,
}: {
  jobId: string;
  accepted: AdminCandidateListItem[];
  openLoad: Map<string, number>;
}) {
  const ids = { file: useId(), media: useId(), one: useId() };
  const [parsed, setParsed] = useState<TaskFileResult | null>(null);
  const [media, setMedia] = useState<File[]>([]);
  const [mode, setMode] = useState<AssignMode>('spread');
  const [oneId, setOneId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const create = useTaskMutation(async () => {
    const tasks = parsed?.tasks ?? [];
    const byName = new Map(media.map((f) => [f.name, f]));
    const missing = tasks.filter((t) => t.mediaFile && !byName.has(t.mediaFile)).map((t) => t.mediaFile);
    if (missing.length) throw new Error(`Attach these media files too: ${[...new Set(missing)].join(', ')}`);
    // Upload each referenced media file once, through storage.
    const urls = new Map<string, string>();
    for (const name of new Set(tasks.flatMap((t) => (t.mediaFile ? [t.mediaFile] : [])))) {
      urls.set(name, (await uploadTaskMedia(byName.get(name)!)).url);
    }
    const byEmail = new Map(accepted.map((c) => [c.email.toLowerCase(), c.id]));
    const unknown = tasks.filter((t) => t.assigneeEmail && !byEmail.has(t.assigneeEmail.toLowerCase()));
    if (unknown.length) {
      throw new Error(
        `Not an accepted candidate of this job: ${[...new Set(unknown.map((t) => t.assigneeEmail))].join(', ')}`,
      );
    }
    const withoutEmail = tasks.filter((t) => !t.assigneeEmail).length;
    const spread =
      mode === 'spread'
        ? spreadEvenly(
            withoutEmail,
            accepted.map((c) => ({ id: c.id, openTasks: openLoad.get(c.id) ?? 0 })),
          )
        : [];
    let k = 0;
    const body: TaskCreate[] = tasks.map((t) => {
      const assignee = t.assigneeEmail
        ? byEmail.get(t.assigneeEmail.toLowerCase())
        : mode === 'one'
          ? oneId || undefined
          : mode === 'spread'
            ? spread[k++]
            : undefined;
      const data = t.mediaFile
        ? { ...t.task.data_to_annotate, data_url: urls.get(t.mediaFile)! }
        : t.task.data_to_annotate;
      return { ...t.task, data_to_annotate: data, ...(assignee && { assignee_id: assignee }) };
    });
    const created = await createTasks(jobId, body);
    const assigned = created.filter((t) => t.assignee_id).length;
    setDone(`Created ${created.length} task${created.length === 1 ? '' : 's'}; ${assigned} assigned.`);
    setParsed(null);
    setMedia([]);
    setInputKey((n) => n + 1);
  });

  const onFile = async (file: File | undefined) => {
    setDone(null);
    create.reset();
    setParsed(file ? parseTaskFile(file.name, await file.text()) : null);
  };

  const count = parsed?.tasks.length ?? 0;
  const blocked = !count || (mode === 'one' && !oneId) || (mode === 'spread' && accepted.length === 0);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        A JSON array or a CSV with the columns <code className="text-xs">{TASK_FILE_COLUMNS.join(', ')}</code>.
        data_type is text, image, video, audio, document or transcript; images, video, audio and documents take a
        data_url or a media_file attached below.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={ids.file} className="block text-sm font-medium text-slate-700">
            Task file (JSON or CSV)
          </label>
          <input
            key={`f${inputKey}`}
            id={ids.file}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className={fileInputClass}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <div>
          <label htmlFor={ids.media} className="block text-sm font-medium text-slate-700">
            Media files (optional)
          </label>
          <input
            key={`m${inputKey}`}
            id={ids.media}
            type="file"
            multiple
            className={fileInputClass}
            onChange={(e) => setMedia(Array.from(e.target.files ?? []))}
          />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Assign to</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(
            [
              ['spread', `Spread evenly across accepted candidates (${accepted.length})`],
              ['one', 'One candidate'],
              ['none', 'Leave unassigned'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="assign-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {text}
            </label>
          ))}
        </div>
        {mode === 'one' && (
          <div className="mt-3 max-w-sm">
            <label htmlFor={ids.one} className="block text-sm font-medium text-slate-700">
              Candidate
            </label>
            <select id={ids.one} className={inputClass} value={oneId} onChange={(e) => setOneId(e.target.value)}>
              <option value="">Choose a candidate</option>
              {accepted.map((c) => (
                <option key={c.id} value={c.id}>
                  {label(c)}
                </option>
              ))}
            </select>
          </div>
        )}
        {mode !== 'none' && accepted.length === 0 && (
          <p className="mt-2 text-sm text-amber-700">
            No accepted candidates for this job yet: approve an interview first.
          </p>
        )}
        <p className="mt-2 text-xs text-slate-500">
          Rows with an assignee_email go to that candidate whatever is chosen here.
        </p>
      </fieldset>
      {parsed && parsed.errors.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          <p className="font-medium">Fix these items and choose the file again:</p>
          <ul className="mt-1 list-disc pl-5">
            {parsed.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {parsed && parsed.errors.length === 0 && count > 0 && (
        <p className="text-sm text-slate-700" data-testid="task-file-summary">
          {count} task{count === 1 ? '' : 's'} ready
          {parsed.tasks.some((t) => t.mediaFile) &&
            `, ${new Set(parsed.tasks.map((t) => t.mediaFile).filter(Boolean)).size} media file(s) to upload`}
          .
        </p>
      )}
      <ErrorBanner message={create.error ? describeError(create.error, 'Could not create the tasks') : null} />
      {done && (
        <p role="status" className="text-sm font-medium text-green-700">
          {done}
        </p>
      )}
      <button
        type="button"
        className={primaryButtonClass}
        disabled={blocked || Boolean(parsed?.errors.length) || create.isPending}
        onClick={() => create.mutate(undefined)}
      >
        {create.isPending ? 'Creating...' : `Create ${count || ''} task${count === 1 ? '' : 's'}`.replace('  ', ' ')}
      </button>
    </div>
  );
}

function AssignCell({ task, accepted }: { task: AdminTask; accepted: AdminCandidateListItem[] }) {
  const id = useId();
  const [userId, setUserId] = useState('');
  const assign = useTaskMutation((uid: string) => assignTask(task.id, uid));
  if (task.assignee_id) return <span>{task.assignee_email}</span>;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Assign {task.task_name} to
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        value={userId}
        onChange={(e) => setUserId(e.target.value)}
      >
        <option value="">Unassigned</option>
        {accepted.map((c) => (
          <option key={c.id} value={c.id}>
            {label(c)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!userId || assign.isPending}
        onClick={() => assign.mutate(userId)}
      >
        Assign
      </button>
      {assign.error && <span className="text-xs text-red-600">{describeError(assign.error, 'Failed')}</span>}
    </div>
  );
}

function ReviewCell({ task }: { task: AdminTask }) {
  const review = useTaskMutation((approved: boolean) => reviewTask(task.id, approved));
  if (task.review_approved !== null) {
    return (
      <span className={task.review_approved ? 'text-green-700' : 'text-red-700'}>
        {task.review_approved ? 'Accepted' : 'Rejected'}
      </span>
    );
  }
  if (task.status !== 'completed') return <span className="text-slate-400">—</span>;
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={primaryButtonClass}
        disabled={review.isPending}
        aria-label={`Accept ${task.task_name}`}
        onClick={() => review.mutate(true)}
      >
        Accept
      </button>
      <button
        type="button"
        className={`${secondaryButtonClass} text-red-700`}
        disabled={review.isPending}
        aria-label={`Reject ${task.task_name}`}
        onClick={() => review.mutate(false)}
      >
        Reject
      </button>
      {review.error && <span className="text-xs text-red-600">{describeError(review.error, 'Failed')}</span>}
    </div>
  );
}

/** Creative tasks of one job: upload, assign, progress per candidate, review of submitted ratings. */
export function TasksPage() {
  const { values, page, set } = useSearchState(['job_id', 'status', 'review'] as const);
  const jobs = useAdminJobs({ page: 1, page_size: 100 });
  const jobId = values.job_id;

  // Without a chosen job, open the newest active one.
  useEffect(() => {
    if (!jobId && jobs.data?.items.length) {
      const first = jobs.data.items.find((j) => j.status === 'active') ?? jobs.data.items[0]!;
      set({ job_id: first.id });
    }
  }, [jobId, jobs.data, set]);

  const accepted = useCandidates(
    { interview_status: 'approved', job_id: jobId, page: 1, page_size: 100 },
    Boolean(jobId),
  );
  const progress = useTaskProgress(jobId || undefined);
  const tasks = useAdminTasks({
    job_id: jobId || undefined,
    status: (values.status || undefined) as TaskStatus | undefined,
    review: (values.review || undefined) as 'waiting' | 'accepted' | 'rejected' | undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const acceptedList = accepted.data?.items ?? [];
  const openLoad = useMemo(
    () => new Map((progress.data ?? []).map((p) => [p.user_id, p.assigned + p.in_progress])),
    [progress.data],
  );
  const unassigned = (tasks.data?.items ?? []).filter((t) => !t.assignee_id && t.status === 'pending');
  const spreadExisting = useTaskMutation(async () => {
    const ids = spreadEvenly(
      unassigned.length,
      acceptedList.map((c) => ({ id: c.id, openTasks: openLoad.get(c.id) ?? 0 })),
    );
    for (const [i, t] of unassigned.entries()) await assignTask(t.id, ids[i]!);
  });

  return (
    <>
      <PageHeader title="Tasks">
        <FilterSelect
          label="Job"
          value={jobId}
          onChange={(job_id) => set({ job_id })}
          options={(jobs.data?.items ?? []).map((j) => ({ value: j.id, label: `${j.title} (${titleCase(j.status)})` }))}
        />
      </PageHeader>
      {!jobId ? (
        <Empty>Create a job first.</Empty>
      ) : (
        <div className="space-y-6">
          <Section title="Add tasks from a file">
            <UploadTasks jobId={jobId} accepted={acceptedList} openLoad={openLoad} />
          </Section>
          <Section title="Progress per candidate">
            {progress.data && progress.data.length === 0 ? (
              <Empty>No task is assigned yet.</Empty>
            ) : (
              <Table
                label="Progress per candidate"
                head={['Candidate', 'Assigned', 'In progress', 'Waiting for review', 'Accepted', 'Rejected', 'Done']}
              >
                {(progress.data ?? []).map((p) => {
                  const finished = p.accepted + p.rejected;
                  return (
                    <tr key={p.user_id}>
                      <td className={td}>{label(p)}</td>
                      <td className={td}>{p.assigned}</td>
                      <td className={td}>{p.in_progress}</td>
                      <td className={td}>{p.submitted}</td>
                      <td className={td}>{p.accepted}</td>
                      <td className={td}>{p.rejected}</td>
                      <td className={td}>
                        <div className="flex items-center gap-2">
                          <div className="h-2 w-24 rounded bg-slate-100" aria-hidden>
                            <div
                              className="h-2 rounded bg-green-500"
                              style={{ width: `${p.total ? (finished / p.total) * 100 : 0}%` }}
                            />
                          </div>
                          <span>
                            {finished} / {p.total}
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </Table>
            )}
          </Section>
          <Section
            title="Tasks"
            actions={
              <div className="flex flex-wrap items-center gap-3">
                <FilterSelect
                  label="Status"
                  value={values.status}
                  onChange={(status) => set({ status })}
                  options={[
                    { value: '', label: 'All' },
                    ...TASK_STATUSES.map((s) => ({ value: s, label: titleCase(s) })),
                  ]}
                />
                <FilterSelect
                  label="Review"
                  value={values.review}
                  onChange={(review) => set({ review })}
                  options={[
                    { value: '', label: 'All' },
                    { value: 'waiting', label: 'Waiting for review' },
                    { value: 'accepted', label: 'Accepted' },
                    { value: 'rejected', label: 'Rejected' },
                  ]}
                />
                {unassigned.length > 0 && acceptedList.length > 0 && (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={spreadExisting.isPending}
                    onClick={() => spreadExisting.mutate(undefined)}
                  >
                    Spread {unassigned.length} unassigned evenly
                  </button>
                )}
              </div>
            }
          >
            <ErrorBanner message={tasks.error ? describeError(tasks.error, 'Could not load tasks') : null} />
            <ErrorBanner
              message={spreadExisting.error ? describeError(spreadExisting.error, 'Could not assign') : null}
            />
            {tasks.data && tasks.data.items.length === 0 && <Empty>No tasks match.</Empty>}
            {tasks.data && tasks.data.items.length > 0 && (
              <Table label="Tasks" head={['Task', 'Type', 'Assignee', 'Status', 'Rating and notes', 'Review']}>
                {tasks.data.items.map((t) => (
                  <tr key={t.id}>
                    <td className={td}>
                      <div className="font-medium text-slate-900">{t.task_name}</div>
                      <div className="text-xs text-slate-500">{t.data_to_annotate.title}</div>
                      {t.data_to_annotate.data_url && (
                        <a
                          href={absoluteUrl(t.data_to_annotate.data_url)}
                          target="_blank"
                          rel="noreferrer"
                          className="text-xs text-brand-700 hover:underline"
                        >
                          Open item
                        </a>
                      )}
                      {t.data_to_annotate.data_content?.text && (
                        <p className="line-clamp-2 max-w-xs text-xs text-slate-600">
                          {t.data_to_annotate.data_content.text}
                        </p>
                      )}
                    </td>
                    <td className={td}>{t.data_to_annotate.data_type ?? 'transcript'}</td>
                    <td className={td}>
                      <AssignCell task={t} accepted={acceptedList} />
                    </td>
                    <td className={td}>
                      <TaskBadge status={t.status} />
                    </td>
                    <td className={`${td} max-w-xs`}>
                      {t.quality_rating !== null ? (
                        <>
                          <span className="font-medium">{t.quality_rating} / 5</span>
                          {t.feedback_notes && <p className="text-slate-600">{t.feedback_notes}</p>}
                        </>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </td>
                    <td className={td}>
                      <ReviewCell task={t} />
                    </td>
                  </tr>
                ))}
              </Table>
            )}
            {tasks.data && (
              <Pagination
                label="Tasks"
                page={page}
                pageSize={PAGE_SIZE}
                total={tasks.data.total}
                onPage={(p) => set({ page: p })}
              />
            )}
          </Section>
        </div>
      )}
    </>
  );
}
