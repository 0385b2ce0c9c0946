import type { InterviewListQuery } from '@app/shared';

/** Query keys of the candidate's interviews; `all` refreshes the lists and the latest one. */
export const interviewKeys = {
  all: ['interviews'] as const,
  list: (filters: InterviewListQuery = {}) => [...interviewKeys.all, 'list', filters] as const,
  latest: () => [...interviewKeys.all, 'latest'] as const,
  one: (id: string) => [...interviewKeys.all, 'one', id] as const,
};
