import { debriefSchema, type Debrief } from '@app/shared';

/**
 * The debrief of the practice interview just taken, as the live socket last sent it. Practice stores
 * nothing on the server (decision 0161): it stays in this tab until the candidate keeps it.
 */
const KEY = 'practice-debrief';

export function savePracticeDebrief(debrief: Debrief): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(debrief));
  } catch {
    // Storage full or blocked: the debrief page then says there is none.
  }
}

export function readPracticeDebrief(): Debrief | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? debriefSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A new practice run starts from nothing. */
export function clearPracticeDebrief(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
