/**
 * An invitation link opened before the person had a session: kept in this browser so that, once
 * they have signed up (through onboarding) or signed in, they land back on it and from there on the
 * job's application (issue 47). Cleared when the invitation is taken.
 */
const KEY = 'pending-invitation';

export const pendingInvitation = {
  set(token: string) {
    try {
      localStorage.setItem(KEY, token);
    } catch {
      // Storage refused (private mode): the person opens the e-mail's link again instead.
    }
  },
  clear() {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing kept.
    }
  },
  /** Where to go instead of the home page, or null. */
  path(): string | null {
    try {
      const token = localStorage.getItem(KEY);
      return token ? `/invitation?token=${encodeURIComponent(token)}` : null;
    } catch {
      return null;
    }
  },
};
