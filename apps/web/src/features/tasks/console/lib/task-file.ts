import {
  TASK_DATA_TYPES,
  goldRatingSchema,
  taskCreateSchema,
  type DataToAnnotate,
  type ItemCreate,
  type TaskDataType,
} from '@app/shared';

/** Stands in for a media file's link until the file is uploaded. */
const PENDING_UPLOAD_URL = '/api/files/00000000-0000-0000-0000-000000000000';

/**
 * Task files the provider uploads: JSON (an array, or {"tasks": [...]}) or CSV with a header row.
 * Columns / keys (all optional except a name or title and the content for the type):
 *   task_name, task_description, instructions, title, description,
 *   data_type (text, image, video, audio, document, or transcript), text, data_url,
 *   media_file (name of a file attached next to the task file; it is uploaded and becomes data_url),
 *   transcript (plain text, or JSON [{"speaker","text"}]), assignee_email,
 *   gold_rating (1-5: the provider's known answer; never shown to a rater),
 *   explanation (why the gold rating is right: shown after a practice rating of an example item).
 * JSON items may also use the API shape with a nested data_to_annotate object.
 */
export type ParsedTask = {
  task: Omit<ItemCreate, 'assignee_id'>;
  /** Attached file to upload; its URL replaces data_url. */
  mediaFile?: string;
  assigneeEmail?: string;
  /** 1-based item number (CSV: line number of the row). */
  row: number;
};
export type TaskFileResult = { tasks: ParsedTask[]; errors: string[] };

export const TASK_FILE_COLUMNS = [
  'task_name',
  'task_description',
  'instructions',
  'title',
  'description',
  'data_type',
  'text',
  'data_url',
  'media_file',
  'transcript',
  'assignee_email',
  'gold_rating',
  'explanation',
] as const;

/** RFC 4180 CSV: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF. */
export function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const text = input.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

type Flat = Partial<Record<(typeof TASK_FILE_COLUMNS)[number], unknown>> & { data_to_annotate?: unknown };

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function parseTranscript(v: unknown): DataToAnnotate['transcript'] | undefined {
  if (Array.isArray(v)) return v as { speaker: string; text: string }[];
  const s = str(v);
  if (!s) return undefined;
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s) as { speaker: string; text: string }[];
    } catch {
      return s;
    }
  }
  return s;
}

/**
 * An entry's gold answer: absent when empty; a JSON number or a CSV cell holding a whole number from
 * 1 to 5 otherwise, or the shared schema's message.
 */
function parseGold(v: unknown): { gold?: number } | string {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return {};
  const n = typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  const checked = goldRatingSchema.safeParse(n);
  return checked.success ? { gold: checked.data } : checked.error.issues[0]!.message;
}

function toTask(item: Flat, row: number): ParsedTask | string {
  const nested = (item.data_to_annotate ?? {}) as Record<string, unknown>;
  const get = (k: string) => str((item as Record<string, unknown>)[k] ?? nested[k]);
  const title = get('title');
  const taskName = get('task_name') || title;
  if (!taskName) return `Item ${row}: give it a task_name or a title.`;

  const rawType = get('data_type').toLowerCase();
  if (rawType && rawType !== 'transcript' && !(TASK_DATA_TYPES as readonly string[]).includes(rawType)) {
    return `Item ${row}: data_type "${rawType}" is not one of ${[...TASK_DATA_TYPES, 'transcript'].join(', ')}.`;
  }
  const nestedText = (nested.data_content as { text?: unknown } | undefined)?.text;
  const text = get('text') || str(nestedText);
  const mediaFile = get('media_file') || undefined;
  const dataUrl = get('data_url') || undefined;
  const transcript = parseTranscript((item as Record<string, unknown>).transcript ?? nested.transcript);
  const dataType = (rawType === 'transcript' || !rawType ? undefined : rawType) as TaskDataType | undefined;

  if (dataType === 'text' && !text) return `Item ${row}: a text item needs text.`;
  if (dataType && dataType !== 'text' && !dataUrl && !mediaFile) {
    return `Item ${row}: a ${dataType} item needs a data_url or a media_file.`;
  }
  if (!dataType && !transcript && !text) return `Item ${row}: give it a data_type with content, or a transcript.`;
  const gold = parseGold(item.gold_rating);
  if (typeof gold === 'string') return `Item ${row}: ${gold}.`;

  const data: DataToAnnotate = {
    ...(title && { title }),
    ...(get('description') && { description: get('description') }),
    ...(dataType && { data_type: dataType }),
    ...(text && { data_content: { text } }),
    ...(dataUrl && { data_url: dataUrl }),
    ...(transcript && { transcript }),
  };
  const task = {
    task_name: taskName,
    task_description: get('task_description'),
    instructions: get('instructions'),
    // A placeholder uploaded-file link lets the schema check the rest while the media file is still
    // to be uploaded (its real /api/files/<id> link replaces it).
    data_to_annotate: mediaFile ? { ...data, data_url: PENDING_UPLOAD_URL } : data,
  };
  const checked = taskCreateSchema.safeParse(task);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return `Item ${row}: ${issue.path.join('.')}: ${issue.message}`;
  }
  const explanation = get('explanation');
  return {
    task: {
      ...task,
      data_to_annotate: data,
      ...(gold.gold !== undefined && { gold_rating: gold.gold }),
      ...(explanation && { explanation }),
    },
    mediaFile,
    assigneeEmail: get('assignee_email') || undefined,
    row,
  };
}

export function parseTaskFile(fileName: string, content: string): TaskFileResult {
  let items: { item: Flat; row: number }[];
  if (/\.json$/i.test(fileName) || /^\s*[[{]/.test(content)) {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch (err) {
      return { tasks: [], errors: [`The file is not valid JSON: ${(err as Error).message}`] };
    }
    const list = Array.isArray(json) ? json : (json as { tasks?: unknown })?.tasks;
    if (!Array.isArray(list)) return { tasks: [], errors: ['The JSON must be an array of tasks or {"tasks": [...]}.'] };
    items = list.map((item, i) => ({ item: (item ?? {}) as Flat, row: i + 1 }));
  } else {
    const rows = parseCsv(content);
    if (rows.length < 2) return { tasks: [], errors: ['The CSV needs a header row and at least one task.'] };
    const header = rows[0]!.map((h) => h.trim().toLowerCase());
    const unknown = header.filter((h) => h && !(TASK_FILE_COLUMNS as readonly string[]).includes(h));
    if (unknown.length) {
      return {
        tasks: [],
        errors: [`Unknown column(s): ${unknown.join(', ')}. Known: ${TASK_FILE_COLUMNS.join(', ')}.`],
      };
    }
    items = rows.slice(1).map((cells, i) => ({
      item: Object.fromEntries(header.map((h, j) => [h, cells[j] ?? ''])) as Flat,
      row: i + 2,
    }));
  }
  if (!items.length) return { tasks: [], errors: ['The file has no tasks.'] };
  const tasks: ParsedTask[] = [];
  const errors: string[] = [];
  for (const { item, row } of items) {
    const r = toTask(item, row);
    if (typeof r === 'string') errors.push(r);
    else tasks.push(r);
  }
  return { tasks, errors };
}

/**
 * Spreads tasks over candidates so that everyone ends with as equal a load as possible, counting the
 * open tasks they already have. Returns one candidate id per task, in order.
 */
export function spreadEvenly(taskCount: number, candidates: { id: string; openTasks: number }[]): string[] {
  if (!candidates.length) return [];
  const load = candidates.map((c) => ({ ...c }));
  const out: string[] = [];
  for (let i = 0; i < taskCount; i++) {
    // Least loaded first; ties keep the list order, so the spread is stable.
    const next = load.reduce((best, c) => (c.openTasks < best.openTasks ? c : best), load[0]!);
    out.push(next.id);
    next.openTasks++;
  }
  return out;
}
