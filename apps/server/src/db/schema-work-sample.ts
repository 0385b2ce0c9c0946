/** The work sample inside the interview (issue 46): the items each candidate was given and how they rated them. */
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { annotationItems, interviews } from './schema';
import { at, belongsTo, createdAt, id, mentions } from './columns';

/**
 * One item of one interview's work sample, chosen when the sample starts (all rows at once, in the
 * order the candidate gets them). The server stamps when it sent the item and when the rating came;
 * the gold rating and the item's name are copied here so the record stands if the item is retired.
 */
export const interviewWorkItems = pgTable(
  'interview_work_items',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    itemId: mentions('item_id', () => annotationItems.id),
    /** 0-based place in the candidate's order. */
    position: smallint('position').notNull(),
    taskName: text('task_name').notNull(),
    goldRating: smallint('gold_rating').notNull(),
    /** The time allowed, as it was when the sample started. */
    secondsAllowed: integer('seconds_allowed').notNull(),
    servedAt: at('served_at'),
    /** Seconds from the start of the interview when the item was sent, for seeking in the recording. */
    offsetSeconds: integer('offset_seconds'),
    rating: smallint('rating'),
    ratedAt: at('rated_at'),
    /** Rated after the time allowed: kept, and marked. */
    late: boolean('late').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('interview_work_items_position').on(t.interviewId, t.position),
    uniqueIndex('interview_work_items_item').on(t.interviewId, t.itemId),
    index('interview_work_items_item_idx').on(t.itemId),
  ],
);
