import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isDecidableStatus, isSureWord, type AdminInterviewDetail, type AdminTranscriptTurn } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { inputClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAdminInterview, useDecideInterview } from '../api/interviews';
import { AssessmentPanel } from './AssessmentPanel';
import { useRecordingPlayer } from './useRecordingPlayer';
import { InterviewPrivacyPanel } from './InterviewPrivacyPanel';
import { RetakePanel } from './RetakePanel';
import { BlindScoringForm, HumanScoresNote, IntegrityTimeline, ProvenancePanel } from './OversightReview';
import { BackToApplicants, DecisionButtons, InterviewBadge, Section, WhenLoaded, dateTime } from './ui';
import { FileLink } from '../../../components/FileLink';
import { formatClock } from '../../../lib/format';

/**
 * A turn's text; in the careful record, words the recognizer was unsure of are marked (decision 0173),
 * so the reviewer knows which to check against the recording.
 */
function TurnText({ turn }: { turn: AdminTranscriptTurn }) {
  const words = turn.words;
  if (!words?.length || words.map((w) => w.text).join(' ') !== turn.text) {
    return <span className="text-slate-700">{turn.text}</span>;
  }
  return (
    <span className="text-slate-700">
      {words.map((w, i) => (
        <span key={i}>
          {i > 0 && ' '}
          {isSureWord(w) ? (
            w.text
          ) : (
            <mark
              className="bg-transparent text-amber-800 underline decoration-amber-500 decoration-dotted underline-offset-2"
              title="Unsure: the recognizer may have misheard this word"
              data-testid="unsure-word"
            >
              {w.text}
            </mark>
          )}
        </span>
      ))}
    </span>
  );
}

function RecordingAndTranscript({ interview }: { interview: AdminInterviewDetail }) {
  const recording = useRecordingPlayer(interview.id, interview.has_recording);
  // Opened from a talent-search snippet (?t=seconds): that moment is shown and played from.
  const [params] = useSearchParams();
  const startAt = Math.max(0, Number(params.get('t')) || 0);
  const { ready, seekTo } = recording;
  useEffect(() => {
    if (ready && startAt) seekTo(startAt);
    // Once, when the recording is there: later seeks are the reviewer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  const time = recording.time > 0 ? recording.time : startAt;
  const turns = interview.transcript;
  // The line being spoken: the last one that started at or before the playback position.
  const current = turns.reduce<AdminTranscriptTurn | null>((cur, t) => (t.offset_seconds <= time ? t : cur), null);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        {!interview.has_recording && (
          <p className="rounded-md bg-slate-100 px-3 py-8 text-center text-sm text-slate-600">
            No recording was uploaded for this interview.
          </p>
        )}
        {recording.loading && <Spinner label="Loading recording..." />}
        <ErrorBanner message={recording.error} />
        {recording.ready && (
          <>
            <video
              {...recording.videoProps}
              controls
              preload="metadata"
              aria-label="Interview recording"
              data-testid="interview-recording"
              className="aspect-video w-full rounded-md bg-black"
            />
            {recording.part && (
              <p className="mt-1 text-xs text-slate-500" data-testid="recording-part">
                Part {recording.part.index + 1} of {recording.part.count} (the candidate's page was reloaded) ·{' '}
                {formatClock(time)}
                {recording.duration !== null && ` of ${formatClock(recording.duration)}`}
              </p>
            )}
            {recording.joining && (
              <p className="mt-1 text-xs text-slate-500" role="status" data-testid="recording-joining">
                The recording is being joined into one file; until then its parts play one after the other.
              </p>
            )}
          </>
        )}
        <IntegrityTimeline interview={interview} onSeek={recording.seekTo} canSeek={recording.ready} />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Transcript</h3>
        {interview.transcript_pass === 'careful' && turns.some((t) => t.words?.some((w) => !isSureWord(w))) && (
          <p className="mb-2 text-xs text-slate-500">
            Underlined words were not heard surely: check them against the recording.
          </p>
        )}
        {turns.length === 0 ? (
          <p className="text-sm text-slate-500">No transcript.</p>
        ) : (
          <ol aria-label="Transcript" className="max-h-[28rem] space-y-1 overflow-y-auto pr-1">
            {turns.map((t) => {
              const active = current?.seq === t.seq && (recording.ready || startAt > 0);
              return (
                <li key={t.seq}>
                  <button
                    type="button"
                    onClick={() => recording.seekTo(t.offset_seconds)}
                    disabled={!recording.ready}
                    aria-current={active ? 'true' : undefined}
                    title={recording.ready ? `Play from ${formatClock(t.offset_seconds)}` : undefined}
                    className={`w-full rounded-md px-2 py-1.5 text-left text-sm disabled:cursor-default ${
                      active ? 'bg-brand-50 ring-1 ring-brand-500' : 'hover:bg-slate-50'
                    }`}
                  >
                    <span className="mr-2 font-mono text-xs text-slate-500">{formatClock(t.offset_seconds)}</span>{' '}
                    <span className={`font-medium ${t.speaker === 'ai' ? 'text-slate-500' : 'text-slate-900'}`}>
                      {t.speaker === 'ai' ? 'Interviewer' : 'Candidate'}:
                    </span>{' '}
                    <TurnText turn={t} />
                    {t.candidate_correction !== undefined && (
                      <span className="mt-1 block rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
                        Candidate&apos;s correction: {t.candidate_correction}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}

function DecisionForm({ interview }: { interview: AdminInterviewDetail }) {
  const decide = useDecideInterview(interview.id);
  const [note, setNote] = useState('');
  const recommendation = interview.assessment?.recommendation;
  // Going against the AI needs a reason (issue 35): the server refuses it without one.
  const against = recommendation === 'advance' ? 'Rejecting' : recommendation === 'do_not_advance' ? 'Approving' : null;
  if (!isDecidableStatus(interview.status)) {
    if (interview.status === 'approved' || interview.status === 'rejected') {
      return (
        <div className="text-sm text-slate-700">
          <p>
            <span className="font-medium">{interview.status === 'approved' ? 'Approved' : 'Rejected'}</span> on{' '}
            {dateTime(interview.decided_at)}. The candidate was e-mailed.
          </p>
          {interview.decision_note && <p className="mt-2 text-slate-600">Note: {interview.decision_note}</p>}
        </div>
      );
    }
    return <p className="text-sm text-slate-600">A decision is possible once the interview is completed.</p>;
  }
  if (interview.assessment_hidden) {
    return (
      <p className="text-sm text-slate-600">
        Score the interview in the blind review form first; the decision follows your scores.
      </p>
    );
  }

  return (
    <form className="space-y-3" onSubmit={(e) => e.preventDefault()} aria-label="Decision">
      <div>
        <label htmlFor="decision-note" className="block text-sm font-medium text-slate-700">
          Note to the candidate (optional)
        </label>
        {against && (
          <p id="decision-note-help" className="mt-1 text-xs text-amber-800">
            {against} goes against the AI&apos;s recommendation: write why in the note (required for that decision).
          </p>
        )}
        <textarea
          id="decision-note"
          aria-describedby={against ? 'decision-note-help' : undefined}
          rows={3}
          maxLength={2000}
          className={inputClass}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <ErrorBanner message={decide.error ? describeError(decide.error, 'Could not record the decision') : null} />
      <div className="flex gap-3">
        <DecisionButtons
          approve="Approve"
          busy={decide.isPending}
          onDecide={(approved) =>
            decide.mutate({ decision: approved ? 'approved' : 'rejected', note: note.trim() || undefined })
          }
        />
      </div>
    </form>
  );
}

/** One interview: recording with the transcript beside it, the AI assessment, and the decision. */
export function InterviewReviewPage() {
  const { interviewId = '' } = useParams();
  return (
    <WhenLoaded query={useAdminInterview(interviewId)} loading="Loading interview..." notFound="Interview not found">
      {(i) => <InterviewReview i={i} />}
    </WhenLoaded>
  );
}

function InterviewReview({ i }: { i: AdminInterviewDetail }) {
  return (
    <div className="space-y-6">
      <div>
        <BackToApplicants />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{i.candidate_name || i.candidate_email}</h1>
          <InterviewBadge status={i.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {i.job_title ?? 'General Interview'} · interviewed {dateTime(i.completed_at ?? i.started_at ?? i.created_at)}{' '}
          ·{' '}
          <Link to={`/admin/candidates/${i.candidate_id}`} className="text-brand-700 hover:underline">
            Profile
          </Link>
          {i.candidate_resume_url && (
            <>
              {' · '}
              <FileLink url={i.candidate_resume_url} className="text-brand-700 hover:underline">
                Resume
              </FileLink>
            </>
          )}
        </p>
      </div>
      <Section title="Recording and transcript">
        <RecordingAndTranscript interview={i} />
      </Section>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Section title="AI assessment">
          {i.assessment_hidden ? (
            <BlindScoringForm interviewId={i.id} />
          ) : (
            <>
              <HumanScoresNote interview={i} />
              <AssessmentPanel assessment={i.assessment} />
              <ProvenancePanel provenance={i.provenance} />
            </>
          )}
        </Section>
        <Section title="Decision">
          <DecisionForm interview={i} />
          {i.appeal && (
            <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="appeal-note">
              The candidate appealed: “{i.appeal.reason}” ({i.appeal.status}).{' '}
              <Link to="/admin/appeals" className="text-brand-700 hover:underline">
                Appeals
              </Link>
            </p>
          )}
        </Section>
      </div>
      <Section title="Retake">
        <RetakePanel interview={i} />
      </Section>
      <Section title="Privacy">
        <InterviewPrivacyPanel interviewId={i.id} />
      </Section>
    </div>
  );
}
