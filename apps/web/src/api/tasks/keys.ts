/** Query keys of the candidate's creative tasks; `all` refreshes the lists and each task. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  ofUser: (userId: string) => [...taskKeys.lists(), userId] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
};
