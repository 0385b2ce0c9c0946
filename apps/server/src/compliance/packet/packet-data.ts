/**
 * What the candidate packet (issue 47 item 7) is made of: the console's own interview detail (so the
 * packet shows exactly what the review page shows, blind review included), who decided, the recording's
 * files, and the transcript as JSON. Gold ratings appear (in the work sample): the packet is admin only.
 */
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { CAREFUL_UNSURE_BELOW, type AdminInterviewDetail } from '@app/shared';
import type { Db } from '../../db/client';
import { interviews, users } from '../../db/schema';
import type { Storage } from '../../storage';
import { packetRecording, type PacketRecording } from '../../interview';
import { getAdminInterviewDetail } from '../interview-listing';

export type Packet = {
  detail: AdminInterviewDetail;
  /** The deciding admin's e-mail (null before a decision, or when that account is gone). */
  decidedBy: string | null;
  generatedAt: Date;
  generatedBy: string;
  recording: PacketRecording & { deletedAt: Date | null };
  /** transcript.json of the ZIP, and its SHA-256 (printed in the PDF so the two can be matched). */
  transcriptJson: Buffer;
  transcriptSha256: string;
};

/** The transcript as the console shows it: the careful record when it exists, its words with their confidence. */
function transcriptJson(d: AdminInterviewDetail): Buffer {
  const doc = {
    interview_id: d.id,
    transcript_pass: d.transcript_pass,
    // A word below this confidence is marked unsure in the console and the PDF (decision 0173).
    unsure_below: CAREFUL_UNSURE_BELOW,
    turns: d.transcript,
  };
  return Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8');
}

export async function loadPacket(
  db: Db,
  storage: Storage,
  input: { interviewId: string; adminId: string; now?: Date },
): Promise<Packet> {
  // 404 for an unknown interview comes from here, before anything is written to the reply.
  const detail = await getAdminInterviewDetail(db, input.interviewId);
  const ids = [input.adminId, ...(detail.decided_by ? [detail.decided_by] : [])];
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  const emailOf = (id: string | null) => people.find((p) => p.id === id)?.email ?? null;
  const [row] = await db
    .select({ deletedAt: interviews.recordingDeletedAt })
    .from(interviews)
    .where(eq(interviews.id, detail.id));
  const json = transcriptJson(detail);
  return {
    detail,
    decidedBy: emailOf(detail.decided_by),
    generatedAt: input.now ?? new Date(),
    generatedBy: emailOf(input.adminId) ?? input.adminId,
    recording: { ...(await packetRecording(db, storage, detail.id)), deletedAt: row?.deletedAt ?? null },
    transcriptJson: json,
    transcriptSha256: crypto.createHash('sha256').update(json).digest('hex'),
  };
}

/** A file name for the download: the candidate's name in plain letters and the interview's short id. */
export function packetFileName(p: Packet, ext: 'pdf' | 'zip'): string {
  const who = (p.detail.candidate_name || p.detail.candidate_email.split('@')[0] || 'candidate')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `packet-${who || 'candidate'}-${p.detail.id.slice(0, 8)}.${ext}`;
}
