import { useEffect, type ReactNode } from 'react';
import { ExternalLink, Mail } from 'lucide-react';
import {
  buildProfileSavePayload,
  type CertificationEntry,
  type EducationEntry,
  type ProfileCompletePayload,
  type ProfileFields,
  type ProfileListEntry,
  type ProfileMe,
  type ProjectEntry,
  type PublicationEntry,
  type WorkExperienceEntry,
} from '@app/shared';
import { ChipsInput } from '../../../components/ChipsInput';
import { LIST_FIELDS, ListEditor, PROFILE_LISTS } from '../../../components/ListEditor';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { cardClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useCompleteProfile } from '../../../api/profile/complete-profile';
import { useUser } from '../../../lib/auth';
import { ProfileCard } from './ProfileCard';
import { AccountSection } from './AccountSection';
import { SelfIdentificationSection } from './SelfIdentificationSection';
import { PracticeSection } from './PracticeSection';
import { FileLink } from '../../../components/FileLink';

type ProfileListKey = (typeof PROFILE_LISTS)[number]['key'];

const RESUME_HINT = 'Enter a public URL to your resume (Google Drive, Dropbox, personal website, etc.)';

/** One line per list entry, built from whichever fields it has. */
function EntryList<T>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item, i) => (
        <li key={i} className="py-3 first:pt-0 last:pb-0">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

const join = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join(' · ');
const Title = ({ children }: { children: ReactNode }) => <p className="font-medium text-slate-900">{children}</p>;
const Sub = ({ children }: { children: ReactNode }) =>
  children ? <p className="text-sm text-slate-600">{children}</p> : null;

/** What each list part says while it is empty. */
const EMPTY_LIST: Record<ProfileListKey, string> = {
  education: 'No education added yet',
  workExperience: 'No work experience added yet',
  projects: 'No projects added yet',
  publications: 'No publications added yet',
  certifications: 'No certifications added yet',
};

/** An entry as the profile shows it: a title, a line under it, and for some lists a description or a link. */
type EntrySummary = { title?: string; sub?: string; description?: string; url?: string };

const workPeriod = (e: WorkExperienceEntry) =>
  [e.startDate, e.endDate || (e.startDate ? 'Present' : '')].filter(Boolean).join(' – ');

const SUMMARIES: Record<ProfileListKey, (entry: ProfileListEntry) => EntrySummary> = {
  education: (e: EducationEntry) => ({ title: e.school || e.degree, sub: join(e.degree, e.field, e.year) }),
  workExperience: (e: WorkExperienceEntry) => ({
    title: join(e.title, e.company),
    sub: workPeriod(e),
    description: e.description,
  }),
  projects: (e: ProjectEntry) => ({ title: e.name, sub: e.description, url: e.url }),
  publications: (e: PublicationEntry) => ({ title: e.title, sub: join(e.publisher, e.year), url: e.url }),
  certifications: (e: CertificationEntry) => ({ title: e.name, sub: join(e.issuer, e.year) }),
};

function EntryLines({ title, sub, description, url }: EntrySummary) {
  return (
    <>
      <Title>{title}</Title>
      <Sub>{sub}</Sub>
      {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      <LinkOut url={url} />
    </>
  );
}

function LinkOut({ url }: { url?: string }) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-sm text-brand-600 hover:underline"
    >
      {url}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  );
}

/**
 * The profile screen of docs/product/screens/profile.md: a header, an Expertise side list and one card
 * per part. `selfIdentification` is the compliance feature's form, composed by the route
 * (src/app/routes/ProfilePage.tsx).
 */
export function Profile({ selfIdentification }: { selfIdentification: ReactNode }) {
  const { data: profile, error, isPending } = useUser();
  const save = useCompleteProfile();

  useEffect(() => {
    // docs/product/errors.md: a load failure is only logged, and the screen stays empty.
    if (error) console.error('Failed to load profile', error);
  }, [error]);

  if (isPending) return <Spinner label="Loading..." />;
  if (!profile) return <div className="min-h-[40vh]" />;

  const stored = profile as ProfileMe & ProfileFields;
  /** The whole profile with one card's change. */
  const payloadWith = (patch: Partial<ProfileFields>) => buildProfileSavePayload({ ...stored, ...patch }, stored);
  const saveProfile = async (payload: ProfileCompletePayload) => {
    try {
      await save.mutateAsync(payload);
    } catch (err) {
      throw new Error(describeError(err, 'Failed to update profile'));
    }
  };

  /** A card over one stored field: shows it (or `fallback` while unset) and saves the profile with its draft. */
  const cardOf = <T,>(field: keyof ProfileFields, fallback: T) => ({
    value: (stored[field] ?? fallback) as T,
    payload: (draft: T) => payloadWith({ [field]: draft }),
    onSave: saveProfile,
  });

  const name = profile.name?.trim() || 'User';
  const year = new Date().getFullYear();

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      <header className={`${cardClass} flex flex-col gap-4 sm:flex-row sm:items-center`}>
        <div
          aria-hidden
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white"
        >
          {name.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold text-slate-900">{name}</h1>
          <p className="mt-0.5 flex items-center gap-1.5 truncate text-sm text-slate-600">
            <Mail className="h-4 w-4 shrink-0" aria-hidden />
            {profile.email}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="rounded-full bg-green-100 px-3 py-1 font-medium text-green-800">Active</span>
          <span className="text-slate-500">Member since {year}</span>
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[280px_1fr]">
        <aside className="lg:order-none">
          <ProfileCard
            title="Expertise"
            {...cardOf('expertise', [] as string[])}
            empty="No expertise added yet"
            view={(list) => (
              <ul className="flex flex-wrap gap-2" aria-label="Expertise">
                {list.map((e) => (
                  <li key={e} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700">
                    {e}
                  </li>
                ))}
              </ul>
            )}
            edit={(draft, set) => (
              <ChipsInput label="Expertise" value={draft} onChange={set} placeholder="Add skill..." />
            )}
          />
        </aside>

        <div className="space-y-6">
          <ProfileCard
            title="Personal Information"
            value={{ name: profile.name ?? '' }}
            payload={(d) => payloadWith({ name: d.name })}
            onSave={saveProfile}
            view={(v) => (
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-xs font-medium text-slate-500 uppercase">Full name</dt>
                  <dd className="mt-1 text-sm text-slate-900">{v.name || '—'}</dd>
                </div>
                <div>
                  <dt className="text-xs font-medium text-slate-500 uppercase">Email</dt>
                  <dd className="mt-1 text-sm text-slate-900">{profile.email}</dd>
                </div>
              </dl>
            )}
            edit={(d, set) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Full name" required value={d.name} onChange={(v) => set({ name: v })} />
                <TextField label="Email" type="email" readOnly value={profile.email} help="E-mail cannot be changed" />
              </div>
            )}
          />

          <ProfileCard
            title="Resume"
            {...cardOf('resume_url', '')}
            empty="No resume added yet"
            view={(url) => (
              <FileLink
                url={url}
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
              >
                View resume
                <ExternalLink className="h-4 w-4" aria-hidden />
              </FileLink>
            )}
            edit={(url, set) => (
              <TextField
                label="Resume URL"
                type="url"
                placeholder="https://"
                value={url}
                onChange={set}
                help={RESUME_HINT}
              />
            )}
          />

          <ProfileCard
            title="About"
            {...cardOf('bio', '')}
            empty="No bio added yet"
            view={(bio) => <p className="text-sm whitespace-pre-line text-slate-700">{bio}</p>}
            edit={(bio, set) => (
              <TextField label="Bio" multiline value={bio} onChange={set} placeholder="Tell us about yourself..." />
            )}
          />

          {PROFILE_LISTS.map(({ title, noun, key, stored }) => (
            <ProfileCard
              key={key}
              title={title}
              {...cardOf(stored, [] as ProfileListEntry[])}
              empty={EMPTY_LIST[key]}
              view={(items) => <EntryList items={items} render={(e) => <EntryLines {...SUMMARIES[key](e)} />} />}
              edit={(items, set) => <ListEditor noun={noun} fields={LIST_FIELDS[key]} entries={items} onChange={set} />}
            />
          ))}
        </div>
      </div>
      <div className="mt-6">
        <SelfIdentificationSection>{selfIdentification}</SelfIdentificationSection>
        <PracticeSection />
      </div>
      <div className="mt-6">
        <AccountSection />
      </div>
    </div>
  );
}
