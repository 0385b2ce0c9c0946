import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * An interview that ended before the server ever accepted the session (e.g. it refused to start)
 * recorded nothing, so the page goes to `path` instead of thanking the candidate.
 */
export function useLeaveIfNeverStarted(session: { finished: boolean; hadSession: boolean }, path: string) {
  const navigate = useNavigate();
  const leftEarly = session.finished && !session.hadSession;
  useEffect(() => {
    if (leftEarly) navigate(path);
  }, [leftEarly, navigate, path]);
}
