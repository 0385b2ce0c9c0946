import { describe, expect, it } from 'vitest';
import { parseCsv, parseTaskFile, spreadEvenly } from './task-file';

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, commas and line breaks inside quotes', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });
});

describe('parseTaskFile', () => {
  it('reads a CSV of every item type and keeps media files to upload', () => {
    const csv = [
      'task_name,title,data_type,text,data_url,media_file,transcript,instructions,assignee_email',
      'Rate copy,Headline,text,"Bold, short headline",,,,Rate clarity,ann@example.test',
      'Rate poster,Poster,image,,,poster.png,,,',
      'Rate clip,Clip,video,,https://cdn.example.com/clip.mp4,,,,',
      'Rate call,Call,transcript,,,,"[{""speaker"":""A"",""text"":""Hi""}]",,',
    ].join('\n');
    const { tasks, errors } = parseTaskFile('tasks.csv', csv);
    expect(errors).toEqual([]);
    expect(tasks).toHaveLength(4);
    expect(tasks[0]).toMatchObject({
      row: 2,
      assigneeEmail: 'ann@example.test',
      task: {
        task_name: 'Rate copy',
        instructions: 'Rate clarity',
        data_to_annotate: { title: 'Headline', data_type: 'text', data_content: { text: 'Bold, short headline' } },
      },
    });
    expect(tasks[1]!.mediaFile).toBe('poster.png');
    expect(tasks[1]!.task.data_to_annotate.data_url).toBeUndefined();
    expect(tasks[2]!.task.data_to_annotate.data_url).toBe('https://cdn.example.com/clip.mp4');
    expect(tasks[3]!.task.data_to_annotate).toEqual({ title: 'Call', transcript: [{ speaker: 'A', text: 'Hi' }] });
  });

  it('reads JSON in the flat or the API shape', () => {
    const json = JSON.stringify({
      tasks: [
        { title: 'Logo', data_type: 'image', data_url: '/api/files/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b' },
        { task_name: 'Doc', data_to_annotate: { data_type: 'document', data_url: 'https://x.example/doc.pdf' } },
      ],
    });
    const { tasks, errors } = parseTaskFile('tasks.json', json);
    expect(errors).toEqual([]);
    expect(tasks.map((t) => t.task.task_name)).toEqual(['Logo', 'Doc']);
  });

  it('explains what is wrong, per item', () => {
    const csv = 'task_name,data_type,text\n,text,hello\nA,image,\nB,gif,x\nC,text,';
    expect(parseTaskFile('t.csv', csv).errors).toEqual([
      'Item 2: give it a task_name or a title.',
      'Item 3: a image item needs a data_url or a media_file.',
      'Item 4: data_type "gif" is not one of text, image, video, audio, document, transcript.',
      'Item 5: a text item needs text.',
    ]);
    expect(parseTaskFile('t.csv', 'name,colour\nx,y').errors[0]).toMatch(/^Unknown column\(s\): name, colour/);
    expect(parseTaskFile('t.json', '{oops').errors[0]).toMatch(/^The file is not valid JSON/);
  });
});

describe('gold_rating', () => {
  it('reads a gold answer from a CSV column and from JSON, and leaves it out when empty', () => {
    const csv = ['task_name,data_type,text,gold_rating', 'A,text,one,4', 'B,text,two,', 'C,text,three, 1 '].join('\n');
    const { tasks, errors } = parseTaskFile('t.csv', csv);
    expect(errors).toEqual([]);
    expect(tasks.map((t) => t.task.gold_rating)).toEqual([4, undefined, 1]);
    expect('gold_rating' in tasks[1]!.task).toBe(false);

    const json = JSON.stringify([
      { task_name: 'D', data_type: 'text', text: 'x', gold_rating: 5 },
      { task_name: 'E', data_type: 'text', text: 'y', gold_rating: null },
      { task_name: 'F', data_to_annotate: { data_type: 'text', data_content: { text: 'z' } }, gold_rating: '2' },
    ]);
    expect(parseTaskFile('t.json', json).tasks.map((t) => t.task.gold_rating)).toEqual([5, undefined, 2]);
  });

  it('refuses a gold answer that is not a whole number from 1 to 5, naming the item', () => {
    const csv = ['task_name,data_type,text,gold_rating', 'A,text,a,0', 'B,text,b,6', 'C,text,c,3.5', 'D,text,d,good'];
    expect(parseTaskFile('t.csv', csv.join('\n')).errors).toEqual([
      'Item 2: gold_rating must be a whole number from 1 to 5.',
      'Item 3: gold_rating must be a whole number from 1 to 5.',
      'Item 4: gold_rating must be a whole number from 1 to 5.',
      'Item 5: gold_rating must be a whole number from 1 to 5.',
    ]);
    const json = JSON.stringify([{ task_name: 'A', data_type: 'text', text: 'a', gold_rating: true }]);
    expect(parseTaskFile('t.json', json).errors).toEqual(['Item 1: gold_rating must be a whole number from 1 to 5.']);
  });
});

describe('spreadEvenly', () => {
  it('fills the least loaded candidates first and stays balanced', () => {
    expect(
      spreadEvenly(5, [
        { id: 'a', openTasks: 2 },
        { id: 'b', openTasks: 0 },
        { id: 'c', openTasks: 1 },
      ]),
    ).toEqual(['b', 'b', 'c', 'a', 'b']);
    expect(spreadEvenly(3, [])).toEqual([]);
  });
});
