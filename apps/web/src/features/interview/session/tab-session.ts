/**
 * The session id for an interview in this tab. It survives a page reload, so the server resumes the
 * same session (and its interview) instead of refusing a second session for the same job.
 */
const sessionKey = (interviewId: string) => `interview-session:${interviewId}`;

export function tabSessionId(interviewId: string): string {
  try {
    const stored = sessionStorage.getItem(sessionKey(interviewId));
    if (stored) return stored;
    const id = crypto.randomUUID();
    sessionStorage.setItem(sessionKey(interviewId), id);
    return id;
  } catch {
    return crypto.randomUUID(); // storage disabled: a fresh session each load
  }
}

/** A finished interview is never resumed: the next visit starts a new session. */
export function forgetTabSession(interviewId: string): void {
  try {
    sessionStorage.removeItem(sessionKey(interviewId));
  } catch {
    // nothing to forget
  }
}
