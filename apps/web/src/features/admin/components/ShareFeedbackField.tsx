import { useController, type Control } from 'react-hook-form';
import type { JobFormValues } from '../lib/job-form';

/** The job's `share_feedback` setting: candidates see their interview debrief once decided (issue 27). */
export function ShareFeedbackField({ control }: { control: Control<JobFormValues> }) {
  const { field } = useController({ control, name: 'share_feedback' });
  return (
    <div className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
      <input
        id="share_feedback"
        type="checkbox"
        className="mt-1 h-4 w-4 rounded border-slate-300"
        checked={field.value}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
        name={field.name}
        ref={field.ref}
        aria-describedby="share_feedback-help"
      />
      <div>
        <label htmlFor="share_feedback" className="text-sm font-medium text-slate-700">
          Share interview feedback with candidates
        </label>
        <p id="share_feedback-help" className="text-sm text-slate-500">
          After you decide, each candidate sees a debrief of their interview: pace, filler words, the job terms they
          used and one suggestion per answer.
        </p>
      </div>
    </div>
  );
}
