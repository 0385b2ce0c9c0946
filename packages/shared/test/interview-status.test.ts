import { describe, expect, it } from 'vitest';
import {
  applicationBadge,
  applicationTitle,
  firstName,
  interviewStatusView,
  pendingAvailableDate,
  selectInterview,
  transactionBadge,
  transactionDescription,
} from '../src';

describe('interviewStatusView (status table, docs/product/rules.md)', () => {
  it.each([
    ['not_started', 'Interview ready to begin', null, 'Not Started'],
    ['in_progress', null, 'In Progress', 'In Progress'],
    ['completed', 'Your interview is under review', 'Under Review', 'Under Review'],
    ['under_review', 'Your interview is under review', 'Under Review', 'Under Review'],
    ['approved', 'Congratulations!', 'Approved', 'Approved'],
    ['rejected', 'Interview complete', 'Not Selected', 'Not Selected'],
    ['scheduled', 'Status unavailable', 'Pending', 'Pending'],
    ['mystery', 'Status unavailable', 'Pending', 'Pending'],
    [null, 'Status unavailable', 'Pending', 'Pending'],
  ])('%j → message %j, badge %j, list badge %j', (status, message, badge, listBadge) => {
    const view = interviewStatusView(status);
    expect(view.message).toBe(message);
    expect(view.badge).toBe(badge);
    expect(applicationBadge(status)).toBe(listBadge);
  });
});

describe('My Applications', () => {
  it.each([
    [{ job_title: 'Illustrator', position: 'Contract' }, 'Illustrator'],
    [{ job_title: null, position: 'Contract' }, 'Contract'],
    [{ job_title: '  ', position: '' }, 'General Interview'],
    [{}, 'General Interview'],
  ])('%j is titled %j', (item, title) => {
    expect(applicationTitle(item)).toBe(title);
  });

  const list = [
    { id: 'old', created_at: '2026-01-01T00:00:00Z' },
    { id: 'new', created_at: '2026-03-01T00:00:00Z' },
    { id: 'mid', created_at: '2026-02-01T00:00:00Z' },
  ];
  it.each([
    ['mid', 'mid'],
    [null, 'new'],
    ['unknown-id', 'new'],
  ])('interviewId %j selects %j', (id, selected) => {
    expect(selectInterview(list, id)?.id).toBe(selected);
  });
  it('selects nothing from an empty list', () => {
    expect(selectInterview([], 'x')).toBeNull();
  });

  it.each([
    ['Ada Lovelace', 'Ada'],
    ['  Grace  ', 'Grace'],
    ['', 'there'],
    [null, 'there'],
  ])('first name of %j is %j', (name, first) => {
    expect(firstName(name)).toBe(first);
  });
});

describe('earnings texts', () => {
  it('describes a transaction as task - job', () => {
    expect(transactionDescription({ task_name: 'Rate poster', job_title: 'Poster critic' })).toBe(
      'Rate poster - Poster critic',
    );
  });
  it.each([
    ['paid', 'Completed'],
    ['pending', 'Pending'],
    ['available', 'Available'], // approved, waiting for the payout (issue 34, decision 0186)
    ['rejected', 'Pending'],
    [null, 'Pending'],
  ])('status %j → badge %s', (status, badge) => {
    expect(transactionBadge(status)).toBe(badge);
  });
  it('an available earning held by a payout request reads Requested, then On its way (issue 36)', () => {
    expect(transactionBadge('available', 'requested')).toBe('Requested');
    expect(transactionBadge('available', 'batched')).toBe('On its way');
    expect(transactionBadge('available', null)).toBe('Available');
    expect(transactionBadge('paid', 'batched')).toBe('Completed');
  });
  it('dates the pending payment one week ahead', () => {
    expect(pendingAvailableDate(new Date('2026-12-28T10:00:00Z')).toISOString()).toBe('2027-01-04T10:00:00.000Z');
  });
});
