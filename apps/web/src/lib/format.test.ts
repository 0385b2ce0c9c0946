import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime } from './format';

describe('dates', () => {
  const moment = new Date(2026, 10, 21, 15, 5); // local time, as the screens show it

  it('shows a day on the candidate screens and a day with its time in the console', () => {
    expect(formatDate(moment)).toBe('Nov 21, 2026');
    expect(formatDate(moment.toISOString())).toBe('Nov 21, 2026');
    expect(formatDateTime(moment.toISOString())).toBe('Nov 21, 2026, 3:05 PM');
  });

  it('shows nothing for a missing or unreadable date, and a dash in the console', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('writes a position in a recording as minutes and seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(600)).toBe('10:00');
  });
});
