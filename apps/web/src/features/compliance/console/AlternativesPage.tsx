import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminAlternative } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAlternatives, useResolveAlternative } from './api/ai-hiring';
import { Empty, PageHeader, Section, dateTime } from '../../../components/console-ui';

/** Requests for a human-only assessment (issue 35 item 2): who asked, why, and resolving each with a note. */
export function AlternativesPage() {
  const list = useAlternatives();
  return (
    <>
      <PageHeader title="Human-only requests" />
      <Section title="Requests">
        {list.error && <ErrorBanner message={describeError(list.error, 'Could not load the requests.')} />}
        {list.data?.length === 0 && <Empty>No candidate has asked for a human-only assessment.</Empty>}
        <ul className="divide-y divide-slate-100">
          {(list.data ?? []).map((a) => (
            <AlternativeRow key={a.id} a={a} />
          ))}
        </ul>
      </Section>
    </>
  );
}

function AlternativeRow({ a }: { a: AdminAlternative }) {
  const resolve = useResolveAlternative();
  const [note, setNote] = useState('');
  return (
    <li className="space-y-2 py-4 text-sm" aria-label={`Request from ${a.candidate_name ?? a.candidate_email}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {a.candidate_name ?? a.candidate_email} · {a.job_title ?? 'a removed job'}
        </p>
        <span
          className={`rounded px-2 py-0.5 text-xs font-medium ${a.status === 'resolved' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {a.status === 'resolved' ? 'Resolved' : 'Requested'}
        </span>
      </div>
      <p className="text-slate-700">“{a.reason}”</p>
      <p className="text-xs text-slate-500">
        Asked {dateTime(a.created_at)}
        {a.interview_id && (
          <>
            {' · '}
            <Link className="text-brand-700 hover:underline" to={`/admin/interviews/${a.interview_id}`}>
              Open the interview
            </Link>
          </>
        )}
      </p>
      {a.status === 'resolved' ? (
        <p className="text-slate-700">
          Note: {a.note} <span className="text-xs text-slate-500">({a.resolved_at && dateTime(a.resolved_at)})</span>
        </p>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            resolve.mutate({ id: a.id, note: note.trim() });
          }}
        >
          <label className="sr-only" htmlFor={`note-${a.id}`}>
            Resolution note
          </label>
          <input
            id={`note-${a.id}`}
            className={`${inputClass} mt-0`}
            placeholder="How was it handled? (e.g. assessed by two reviewers from the recording)"
            value={note}
            maxLength={4000}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className={secondaryButtonClass} disabled={!note.trim() || resolve.isPending}>
            Resolve
          </button>
        </form>
      )}
      <ErrorBanner message={resolve.error ? describeError(resolve.error, 'Could not resolve.') : null} />
    </li>
  );
}
