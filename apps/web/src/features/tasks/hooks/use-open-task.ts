import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { taskBlockedMessage, taskNeedsStart, type AnnotationTask } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { taskKeys } from '../../../api/tasks/keys';
import { getTask, taskQueryOptions } from '../api/get-task';
import { startTask } from '../api/start-task';

export type OpenTaskState =
  { state: 'loading' } | { state: 'not_found' } | { state: 'ready'; task: AnnotationTask } | { state: 'leaving' };

/**
 * Text of the alert for an HTTP 400 (the project is not workable) or 403 (the rater's work is held:
 * paused, or acceptance withdrawn; decision 0170): the server's detail, else 'Cannot start this task'.
 */
function refusedText(err: ApiError): string {
  const detail = (err.body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' && detail ? detail : 'Cannot start this task';
}

/**
 * Opens a task by the rules of docs/product/rules.md ("Opening a task"), docs/product/errors.md:
 * a job that is pending, completed or archived alerts and returns to /jobs; an assigned task is
 * started (assigned → in_progress). A 400 or 403 alerts the server's detail (or 'Cannot start this task');
 * every load error returns to /jobs, except a 404, which shows 'Task not found'.
 */
export function useOpenTask(taskId: string): OpenTaskState {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [result, setResult] = useState<OpenTaskState>({ state: 'loading' });
  // Runs once per task id, also under StrictMode's double effects (alerts must not repeat).
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (opened.current === taskId) return;
    opened.current = taskId;
    setResult({ state: 'loading' });
    const leave = (message?: string) => {
      if (message) window.alert(message);
      setResult({ state: 'leaving' });
      navigate('/jobs', { replace: true });
    };
    void (async () => {
      try {
        let task = await getTask(taskId);
        const blocked = taskBlockedMessage(task.job_status);
        if (blocked) return leave(blocked);
        if (taskNeedsStart(task.status)) {
          task = await startTask(taskId);
          void qc.invalidateQueries({ queryKey: taskKeys.lists() });
        }
        qc.setQueryData(taskQueryOptions(taskId).queryKey, task);
        setResult({ state: 'ready', task });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return setResult({ state: 'not_found' });
        console.error('Failed to load task', err);
        leave(err instanceof ApiError && (err.status === 400 || err.status === 403) ? refusedText(err) : undefined);
      }
    })();
  }, [taskId, navigate, qc]);

  return result;
}
