import { describe, expect, it, vi } from 'vitest';
import type { AdminCandidateListItem } from '@app/shared';
import type { ParsedTask } from './task-file';
import { prepareTaskUpload, type TaskUploadInput } from './task-upload';

const task = (row: number, extra: Partial<ParsedTask> = {}): ParsedTask => ({
  row,
  task: { task_name: `T${row}`, data_to_annotate: { data_type: 'image', title: `Item ${row}` } },
  ...extra,
});
const candidate = (id: string, email: string) => ({ id, email, name: null }) as AdminCandidateListItem;
const file = (name: string) => new File(['x'], name);

function input(over: Partial<TaskUploadInput>): TaskUploadInput {
  return {
    tasks: [],
    media: [],
    accepted: [candidate('a', 'ann@example.com'), candidate('b', 'bo@example.com')],
    openLoad: new Map([['a', 2]]),
    mode: 'spread',
    oneId: '',
    upload: vi.fn(async (f: File) => ({ url: `/api/files/${f.name}` })),
    ...over,
  };
}

describe('prepareTaskUpload', () => {
  it('uploads each media file once and puts its URL on every task that names it', async () => {
    const upload = vi.fn(async (f: File) => ({ url: `/api/files/${f.name}` }));
    const body = await prepareTaskUpload(
      input({
        tasks: [task(1, { mediaFile: 'a.png' }), task(2, { mediaFile: 'a.png' })],
        media: [file('a.png')],
        mode: 'none',
        upload,
      }),
    );
    expect(upload).toHaveBeenCalledTimes(1);
    expect(body.map((t) => t.data_to_annotate.data_url)).toEqual(['/api/files/a.png', '/api/files/a.png']);
    expect(body.every((t) => t.assignee_id === undefined)).toBe(true);
  });

  it('refuses before uploading anything when a media file is missing or an e-mail is not accepted', async () => {
    const upload = vi.fn();
    await expect(prepareTaskUpload(input({ tasks: [task(1, { mediaFile: 'gone.png' })], upload }))).rejects.toThrow(
      'Attach these media files too: gone.png',
    );
    await expect(
      prepareTaskUpload(
        input({
          tasks: [task(1, { mediaFile: 'a.png', assigneeEmail: 'x@example.com' })],
          media: [file('a.png')],
          upload,
        }),
      ),
    ).rejects.toThrow('Not an accepted candidate of this job: x@example.com');
    expect(upload).not.toHaveBeenCalled();
  });

  it("gives a row's e-mail precedence, then spreads the rest to the least loaded candidates", async () => {
    const body = await prepareTaskUpload(
      input({ tasks: [task(1, { assigneeEmail: 'ANN@example.com' }), task(2), task(3)] }),
    );
    expect(body.map((t) => t.assignee_id)).toEqual(['a', 'b', 'b']);
    const one = await prepareTaskUpload(input({ tasks: [task(1), task(2)], mode: 'one', oneId: 'a' }));
    expect(one.map((t) => t.assignee_id)).toEqual(['a', 'a']);
  });

  it('with several raters per item, sends every entry with its gold answer and no assignee', async () => {
    const gold = task(1, { mediaFile: 'a.png' });
    gold.task.gold_rating = 4;
    const body = await prepareTaskUpload(input({ tasks: [gold, task(2)], media: [file('a.png')], ratersPerItem: 2 }));
    expect(body).toEqual([
      {
        task_name: 'T1',
        gold_rating: 4,
        data_to_annotate: { data_type: 'image', title: 'Item 1', data_url: '/api/files/a.png' },
      },
      { task_name: 'T2', data_to_annotate: { data_type: 'image', title: 'Item 2' } },
    ]);
  });

  it('refuses more raters per item than the job has, one candidate for every copy, and assignee e-mails', async () => {
    const upload = vi.fn();
    await expect(prepareTaskUpload(input({ tasks: [task(1)], ratersPerItem: 3, upload }))).rejects.toThrow(
      'Raters per item is 3, but this job has 2 accepted raters.',
    );
    await expect(
      prepareTaskUpload(input({ tasks: [task(1)], ratersPerItem: 2, mode: 'one', oneId: 'a' })),
    ).rejects.toThrow('With several raters per item, the items cannot all go to one candidate.');
    await expect(
      prepareTaskUpload(input({ tasks: [task(1, { assigneeEmail: 'ann@example.com' })], ratersPerItem: 2 })),
    ).rejects.toThrow('assignee_email works with one rater per item only');
    await expect(prepareTaskUpload(input({ tasks: [task(1)], ratersPerItem: 10 }))).rejects.toThrow(
      'Raters per item must be a whole number from 1 to 9.',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});
