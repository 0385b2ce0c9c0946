import { describe, expect, it } from 'vitest';
import type { AdminTask, WorkSampleItem } from '@app/shared';
import type { ParsedTask } from './task-file';
import { poolErrors, splitCreated, withKind } from './item-pool';

const entry = (row: number, extra: Partial<ParsedTask['task']> = {}, assigneeEmail?: string): ParsedTask => ({
  row,
  task: { task_name: `T${row}`, data_to_annotate: { data_type: 'text', data_content: { text: 'x' } }, ...extra },
  ...(assigneeEmail && { assigneeEmail }),
});

describe('item pools of an upload', () => {
  it("says, in the shared schema's words, what a work-sample or example entry lacks", () => {
    const rows = [entry(1, { gold_rating: 3 }), entry(2), entry(3, { gold_rating: 2 }, 'ann@example.com')];
    expect(poolErrors(rows, 'paid')).toEqual([]);
    expect(poolErrors(rows, 'work_sample')).toEqual([
      'Item 2: gold_rating: A work-sample or example item needs its gold_rating',
      'Item 3: assignee_email: A work-sample or example item is not assigned',
    ]);
    expect(poolErrors([entry(1, { gold_rating: 3 })], 'example')).toEqual([
      'Item 1: explanation: An example item needs an explanation',
    ]);
  });

  it('flags each entry with its pool, and sends no explanation with a paid task', () => {
    const e = { ...entry(1, { gold_rating: 3, explanation: 'Why' }).task };
    expect(withKind([e], 'example')[0]).toMatchObject({ example: true, explanation: 'Why' });
    expect(withKind([e], 'work_sample')[0]).toMatchObject({ work_sample: true });
    expect(withKind([e], 'paid')[0]).not.toHaveProperty('explanation');
  });

  it('tells the tasks of a reply from its pool items', () => {
    const task = { id: 't1', item_id: 'i1' } as AdminTask;
    const item = { item_id: 'i2', pool: 'work_sample', work_sample: true } as WorkSampleItem;
    expect(splitCreated([task, item])).toEqual({ tasks: [task], pooled: [item] });
  });
});
