/**
 * The candidate packet as one PDF (issue 47 item 7): candidate and job, the decision, the assessment
 * with its quotes, the work sample, the transcript with unsure words marked as the console marks them
 * (decision 0173), integrity events and provenance. Drawn with the standard fonts (WinAnsi), so other
 * scripts fall back as in the sealed documents; the exact text is in transcript.json of the ZIP.
 */
import { isSureWord, type AdminInterviewDetail, type AdminTranscriptTurn } from '@app/shared';
import { PdfWriter, encodableBy, winAnsi, type Run } from '../../lib/pdf-text';
import type { Packet } from './packet-data';
import { assessmentSection, integritySection, workSampleSection } from './pdf-assessment';
import { type Palette, clock, field, heading, when } from './pdf-parts';

const STATUS_LABELS: Record<AdminInterviewDetail['status'], string> = {
  not_started: 'Not started',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed, waiting for assessment',
  under_review: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
};

function candidateSection(w: PdfWriter, p: Packet) {
  const d = p.detail;
  w.text('Candidate packet', { bold: true, size: 18, gap: 2 });
  w.text('Confidential: for the hiring team. It holds reference ratings and personal data.', { size: 9, gap: 8 });
  heading(w, 'Candidate');
  field(w, 'Name', d.candidate_name ?? '(no name given)');
  field(w, 'E-mail', d.candidate_email);
  if (d.candidate_position) field(w, 'Position', d.candidate_position);
  heading(w, 'Interview');
  field(w, 'Job', d.job_title ?? 'General interview');
  field(w, 'Interview id', d.id);
  field(w, 'Status', STATUS_LABELS[d.status] ?? d.status);
  field(w, 'Started', when(d.started_at));
  field(w, 'Completed', when(d.completed_at));
}

function decisionSection(w: PdfWriter, p: Packet) {
  const d = p.detail;
  heading(w, 'Decision');
  if (!d.decided_at || (d.status !== 'approved' && d.status !== 'rejected')) {
    w.text('No decision yet.', { gap: 4 });
  } else {
    field(w, 'Decision', STATUS_LABELS[d.status]);
    field(w, 'By', p.decidedBy ?? 'a former admin');
    field(w, 'When', when(d.decided_at));
    field(w, 'Note to the candidate', d.decision_note || '(none)');
  }
  if (d.appeal) {
    w.space(4);
    field(w, 'Appeal', `${d.appeal.status}, opened ${when(d.appeal.created_at)}`);
    w.text(`Reason: ${d.appeal.reason}`, { indent: 12 });
    if (d.appeal.resolution_note) w.text(`Resolution: ${d.appeal.resolution_note}`, { indent: 12 });
  }
}

/**
 * A turn's words as runs: unsure ones in italics, coloured and underlined, like the console's mark. Only
 * when the words are exactly the turn's text (else the text as it stands; the console does the same).
 */
function turnRuns(t: AdminTranscriptTurn, c: Palette): Run[] {
  const words = t.words;
  if (!words?.length || words.map((x) => x.text).join(' ') !== t.text) return [{ text: t.text }];
  const runs: Run[] = [];
  for (const word of words) {
    const style = isSureWord(word) ? {} : { italic: true, underline: true, color: c.unsure };
    const last = runs[runs.length - 1];
    if (last && last.italic === style.italic) last.text += ` ${word.text}`;
    else runs.push({ text: word.text, ...style });
  }
  return runs;
}

function transcriptSection(w: PdfWriter, d: AdminInterviewDetail, c: Palette) {
  heading(w, d.transcript_pass === 'careful' ? 'Transcript (careful pass)' : 'Transcript (live recognizer)');
  if (!d.transcript.length) {
    w.text('No transcript.', { gap: 6 });
    return;
  }
  if (d.transcript.some((t) => t.words?.some((x) => !isSureWord(x)))) {
    w.runs(
      [
        { text: 'Words in' },
        { text: 'underlined italics', italic: true, underline: true, color: c.unsure },
        { text: 'were not heard surely: check them against the recording.' },
      ],
      { size: 9, gap: 6 },
    );
  }
  for (const t of d.transcript) {
    const who = t.speaker === 'ai' ? 'Interviewer' : 'Candidate';
    w.runs([{ text: `${clock(t.offset_seconds)}  ${who}:`, bold: true }, ...turnRuns(t, c)], { gap: 1 });
    if (t.live_text !== undefined && t.live_text !== t.text) {
      w.text(`Live recognizer heard: ${t.live_text}`, { indent: 14, size: 8.5, color: c.muted });
    }
    if (t.candidate_correction !== undefined) {
      w.text(`Candidate's correction: ${t.candidate_correction}`, { indent: 14, size: 9, color: c.unsure });
    }
    w.space(3);
  }
}

const RECORDING_KIND = {
  joined: 'one file, joined from the parts recorded',
  parts: 'in parts (the candidate’s page was reloaded and the parts are not joined): each part is its own file',
  file: 'one file',
  none: 'none uploaded',
};

function provenanceSection(w: PdfWriter, p: Packet) {
  heading(w, 'Provenance');
  const d = p.detail;
  const pv = d.provenance;
  if (pv) {
    field(w, 'Rubric version', pv.rubric_version);
    field(w, 'Method', pv.method === 'model' ? `model ${pv.model ?? ''}`.trim() : 'built-in rubric');
    field(w, 'Instructions SHA-256', pv.prompt_sha256);
    field(w, 'Recognizer', pv.recognizer);
    field(w, 'Transcript scored, SHA-256', pv.transcript_sha256);
    if (pv.transcript_note) field(w, 'Note', pv.transcript_note);
  } else if (d.assessment_hidden) {
    w.text('Hidden with the assessment (blind review).', { italic: true });
  } else {
    w.text('No assessment provenance recorded.');
  }
  field(w, 'Transcript of record', d.transcript_pass === 'careful' ? 'the careful pass' : 'the live recognizer');
  const deleted = p.recording.deletedAt;
  field(
    w,
    'Recording',
    deleted ? `deleted on ${when(deleted)} under the retention policy` : RECORDING_KIND[p.recording.kind],
  );
  field(w, 'transcript.json SHA-256', p.transcriptSha256);
  field(w, 'Packet made', `${when(p.generatedAt)} for ${p.generatedBy}`);
}

export async function packetPdf(p: Packet): Promise<Buffer> {
  // Loaded on use, not at start-up (decision 0241).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const palette: Palette = { ink: rgb(0.06, 0.09, 0.16), muted: rgb(0.39, 0.45, 0.55), unsure: rgb(0.57, 0.25, 0.05) };
  const who = p.detail.candidate_name || p.detail.candidate_email;
  pdf.setTitle(`Candidate packet: ${who}`);
  pdf.setProducer('talent-marketplace');
  pdf.setCreationDate(p.generatedAt);
  pdf.setModificationDate(p.generatedAt);

  const w = new PdfWriter(pdf, fonts, palette.ink);
  candidateSection(w, p);
  decisionSection(w, p);
  assessmentSection(w, p.detail, palette);
  workSampleSection(w, p.detail.work_sample, palette);
  transcriptSection(w, p.detail, palette);
  integritySection(w, p.detail);
  provenanceSection(w, p);

  // Every page says whose packet it is, so a loose printed page finds its way back.
  const footer = `Candidate packet - ${who} - interview ${p.detail.id.slice(0, 8)}`;
  w.pages.forEach((page, i) => {
    const text = `${footer} - page ${i + 1} of ${w.pages.length}`;
    page.drawText(winAnsi(text, encodableBy(fonts.regular)), {
      x: w.box.margin,
      y: 28,
      size: 8,
      font: fonts.regular,
      color: palette.muted,
    });
  });
  return Buffer.from(await pdf.save());
}
