import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isSureWord, type AdminInterviewDetail, type AdminTranscriptTurn } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { useAdminInterview } from './api/interviews';
import { DecisionForm } from './DecisionForm';
import { AssessmentPanel } from './AssessmentPanel';
import { useRecordingPlayer, type RecordingPlayer } from './useRecordingPlayer';
import { WorkSampleSection } from './WorkSampleReview';
import { InterviewPrivacyPanel } from './InterviewPrivacyPanel';
import { PacketDownloads } from './PacketDownloads';
import { RetakePanel } from './RetakePanel';
import { BlindScoringForm, HumanScoresNote, IntegrityTimeline, ProvenancePanel } from './OversightReview';
import { InterviewBadge, Section, WhenLoaded, dateTime } from '../../../components/console-ui';
import { BackToApplicants } from './ApplicantsPage';
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

function RecordingAndTranscript({
  interview,
  recording,
}: {
  interview: AdminInterviewDetail;
  recording: RecordingPlayer;
}) {
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
  // One player for the page: the transcript's lines and the work sample's items both seek it.
  const recording = useRecordingPlayer(i.id, i.has_recording);
  // A packet download is logged: the access history below reloads to show it.
  const [packets, setPackets] = useState(0);
  return (
    <div className="space-y-6">
      <div>
        <BackToApplicants />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{i.candidate_name || i.candidate_email}</h1>
          <InterviewBadge status={i.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {i.job_title ?? 'General Interview'} ·{' '}
          {i.completed_at ? `interviewed ${dateTime(i.completed_at)}` : 'not interviewed yet'} ·{' '}
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
        <div className="mt-3">
          <PacketDownloads interviewId={i.id} onDownloaded={() => setPackets((n) => n + 1)} />
        </div>
      </div>
      <Section title="Recording and transcript">
        <RecordingAndTranscript interview={i} recording={recording} />
      </Section>
      <WorkSampleSection interview={i} recording={recording} />
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
        <InterviewPrivacyPanel interviewId={i.id} refreshKey={packets} />
      </Section>
    </div>
  );
}
