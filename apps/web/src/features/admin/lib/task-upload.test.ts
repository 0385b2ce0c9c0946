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
});
