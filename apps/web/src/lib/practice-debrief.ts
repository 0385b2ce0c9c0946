import { z } from 'zod';
import { debriefSchema, debriefSealSchema } from '@app/shared';

/**
 * The debrief of the practice interview just taken, as the live socket last sent it, with the seal
 * that lets the candidate keep it (decision 0171). Practice stores nothing on the server (decision
 * 0161): it stays in this tab until the candidate keeps it.
 */
const KEY = 'practice-debrief';

const sealedDebriefSchema = z.object({ debrief: debriefSchema, seal: debriefSealSchema });
export type SealedDebrief = z.infer<typeof sealedDebriefSchema>;

export function savePracticeDebrief(sealed: SealedDebrief): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(sealed));
  } catch {
    // Storage full or blocked: the debrief page then says there is none.
  }
}

export function readPracticeDebrief(): SealedDebrief | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? sealedDebriefSchema.safeParse(JSON.parse(raw)) : null;
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
