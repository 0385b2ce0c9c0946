import { useEffect, useState } from 'react';
import type { InterviewPrivacy } from '@app/shared';
import { formatDateTime } from '../../../lib/format';
import { getInterviewPrivacy } from './api/privacy';

/**
 * Console, interview review: how long the recording is kept (or when the retention job deleted it)
 * and who opened the recording and the résumé or downloaded the candidate packet. Reloads when
 * `refreshKey` changes (after an opening or a download).
 */
export function InterviewPrivacyPanel({ interviewId, refreshKey }: { interviewId: string; refreshKey?: unknown }) {
  const [data, setData] = useState<InterviewPrivacy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getInterviewPrivacy(interviewId).then(
      (d) => live && setData(d),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [interviewId, refreshKey]);

  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!data) return <p className="text-sm text-slate-500">Loading...</p>;
  return (
    <div className="space-y-3 text-sm text-slate-700">
      {data.recording_deleted_at ? (
        <p>
          The recording was deleted on {formatDateTime(data.recording_deleted_at)} under the {data.retention_days}-day
          retention policy. The transcript and assessment remain.
        </p>
      ) : (
        <p>Recordings are deleted {data.retention_days} days after the interview.</p>
      )}
      <h3 className="font-semibold text-slate-900">Access history</h3>
      {data.access_log.length === 0 ? (
        <p className="text-slate-500">Nobody has opened the recording or the résumé yet.</p>
      ) : (
        <ul className="space-y-1" aria-label="Access history">
          {data.access_log.map((e, i) => (
            <li key={i}>
              {formatDateTime(e.accessed_at)}: {e.admin_email ?? 'a former admin'}{' '}
              {e.kind === 'packet'
                ? 'downloaded the candidate packet'
                : `opened the ${e.kind === 'recording' ? 'recording' : 'résumé'}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
