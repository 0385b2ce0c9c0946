import { useId, useState } from 'react';
import { RATERS_PER_ITEM_MAX, type AdminCandidateListItem } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormField } from '../../../components/FormField';
import { RadioCards } from '../../../components/RadioCards';
import { inputClass, primaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { uploadTaskMedia } from './api/files';
import { createTasks, distributeTasks, useTaskMutation } from './api/tasks';
import { TASK_FILE_COLUMNS, parseTaskFile, type TaskFileResult } from './lib/task-file';
import { prepareTaskUpload, type AssignMode } from './lib/task-upload';
import { UPLOAD_KINDS, kindCount, poolErrors, splitCreated, withKind, type UploadKind } from './lib/item-pool';

const fileInputClass =
  'mt-1 block text-sm text-slate-600 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50';
export const candidateLabel = (c: { name: string | null; email: string }) => c.name || c.email;

const createLabel = (kind: UploadKind, n: number) =>
  kind === 'paid'
    ? `Create ${n || ''} task${n === 1 ? '' : 's'}`.replace('  ', ' ')
    : `Add ${n ? kindCount(kind, n) : kindCount(kind, 2).replace(/^\d+ /, '')}`;

/** What the upload is for (issue 46): paid tasks, the interview's work-sample pool, or practice examples. */
function KindChoice({ kind, onChange }: { kind: UploadKind; onChange: (kind: UploadKind) => void }) {
  return (
    <RadioCards
      legend="The file holds"
      name="upload-kind"
      options={UPLOAD_KINDS}
      value={kind}
      onChange={onChange}
      gridClassName="grid gap-2 sm:grid-cols-3"
    />
  );
}

/**
 * The task file upload: what the file holds, the file (and its media), then for paid tasks raters per
 * item and how to assign; create.
 */
export function UploadTasks({
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
  // The field's text, so it can be cleared while typing; the number sent is checked on create.
  const [ratersText, setRatersText] = useState('1');
  const [kind, setKind] = useState<UploadKind>('paid');
  const pooled = kind !== 'paid';
  // Pool items are never tasks: one each, nobody assigned.
  const raters = pooled ? 1 : Number(ratersText);
  const several = raters > 1;

  const create = useTaskMutation(async () => {
    const body = await prepareTaskUpload({
      tasks: parsed?.tasks ?? [],
      media,
      accepted,
      openLoad,
      mode: pooled ? 'none' : mode,
      oneId,
      upload: uploadTaskMedia,
      ratersPerItem: raters,
    });
    const reply = splitCreated(await createTasks(jobId, withKind(body, kind), raters));
    const created = reply.tasks;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    if (pooled) {
      setDone(`Added ${kindCount(kind, reply.pooled.length)}: see them under Work sample.`);
    } else if (!several) {
      const assigned = created.filter((t) => t.assignee_id).length;
      setDone(`Created ${plural(created.length, 'task')}; ${assigned} assigned.`);
    } else {
      // The copies of an item go to different raters: the server's distribution picks them.
      const made = `Created ${plural(created.length, 'task')} for ${plural(body.length, 'item')} (${raters} raters per item)`;
      if (mode === 'spread') {
        // The tasks exist either way: a refused distribution is said next to them, not as a failure.
        const assigned = await distributeTasks(jobId).then(
          (r) => `${r.assigned} assigned`,
          (err: unknown) => `not assigned: ${describeError(err, 'the distribution failed').replace(/\.$/, '')}`,
        );
        setDone(`${made}; ${assigned}.`);
      } else {
        setDone(`${made}; none assigned yet.`);
      }
    }
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
  const ratersValid = Number.isInteger(raters) && raters >= 1 && raters <= RATERS_PER_ITEM_MAX;
  const blocked =
    !count ||
    !ratersValid ||
    (!pooled && ((mode === 'one' && (!oneId || several)) || (mode === 'spread' && accepted.length === 0)));
  // The file's own problems, then what this kind of item needs (a gold rating, an explanation).
  const errors = parsed ? [...parsed.errors, ...poolErrors(parsed.tasks, kind)] : [];
  const golds = parsed?.tasks.filter((t) => t.task.gold_rating != null).length ?? 0;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        A JSON array or a CSV with the columns <code className="text-xs">{TASK_FILE_COLUMNS.join(', ')}</code>.
        data_type is text, image, video, audio, document or transcript; images, video, audio and documents take a
        data_url or a media_file attached below. gold_rating (1-5) is your known answer for an item: it scores the
        raters (and candidates, for work-sample items) and is never shown to them; optional for paid tasks. explanation
        says why, for practice examples.
      </p>
      <KindChoice
        kind={kind}
        onChange={(k) => {
          setKind(k);
          setDone(null);
          create.reset();
        }}
      />
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
      {!pooled && (
        <>
          <div>
            <FormField
              label="Raters per item"
              help={`Each entry is rated by this many different raters (1-${RATERS_PER_ITEM_MAX}).`}
              error={ratersValid ? undefined : `A whole number from 1 to ${RATERS_PER_ITEM_MAX}`}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={RATERS_PER_ITEM_MAX}
                  step={1}
                  inputMode="numeric"
                  className={`${inputClass} max-w-32`}
                  value={ratersText}
                  onChange={(e) => {
                    setRatersText(e.target.value);
                    if (Number(e.target.value) > 1 && mode === 'one') setMode('spread');
                  }}
                />
              )}
            </FormField>
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
                <label
                  key={value}
                  className={`flex items-center gap-2 ${value === 'one' && several ? 'text-slate-400' : ''}`}
                >
                  <input
                    type="radio"
                    name="assign-mode"
                    value={value}
                    checked={mode === value}
                    // One person cannot rate the same item twice.
                    disabled={value === 'one' && several}
                    onChange={() => setMode(value)}
                  />
                  {text}
                </label>
              ))}
            </div>
            {mode === 'one' && !several && (
              <div className="mt-3 max-w-sm">
                <label htmlFor={ids.one} className="block text-sm font-medium text-slate-700">
                  Candidate
                </label>
                <select id={ids.one} className={inputClass} value={oneId} onChange={(e) => setOneId(e.target.value)}>
                  <option value="">Choose a candidate</option>
                  {accepted.map((c) => (
                    <option key={c.id} value={c.id}>
                      {candidateLabel(c)}
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
              {several
                ? `Each item's ${raters} tasks go to ${raters} different raters, with the job's other unassigned tasks.`
                : 'Rows with an assignee_email go to that candidate whatever is chosen here.'}
            </p>
          </fieldset>
        </>
      )}
      {errors.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          <p className="font-medium">Fix these items and choose the file again:</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {parsed && errors.length === 0 && count > 0 && (
        <p className="text-sm text-slate-700" data-testid="task-file-summary">
          {kindCount(kind, count)} ready
          {!pooled && golds > 0 && `, ${golds} with a gold rating`}
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
        disabled={blocked || errors.length > 0 || create.isPending}
        onClick={() => create.mutate(undefined)}
      >
        {create.isPending ? 'Creating...' : createLabel(kind, count * (ratersValid ? raters : 1))}
      </button>
    </div>
  );
}
