import type { Executor } from '../../db/types';
import { resumeTexts } from '../../db/schema-talent';

/** Enough for any résumé; a longer text is cut, not refused (the upload itself is already limited). */
const RESUME_TEXT_MAX_CHARS = 200_000;

/** Stores the text read out of an uploaded résumé for talent search (the file's owner's document). */
export async function saveResumeText(db: Executor, fileId: string, text: string) {
  const value = text.replaceAll('\u0000', '').slice(0, RESUME_TEXT_MAX_CHARS);
  await db
    .insert(resumeTexts)
    .values({ fileId, text: value })
    .onConflictDoUpdate({
      target: resumeTexts.fileId,
      set: { text: value },
    });
}
