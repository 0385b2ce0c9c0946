import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ShieldCheck } from 'lucide-react';
import { ESIGN_DISCLOSURE, type SignableDocument } from '@app/shared';
import { BackButton } from '../../../components/BackButton';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { useAuth } from '../../../lib/auth';
import { describeError, serverDetailOr } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import {
  contractingKeys,
  downloadSignedPdf,
  signDocument,
  useSignableDocument,
} from '../../../api/contracting/onboarding';
import { Checkbox } from './Checkbox';

/** One onboarding document: read it, consent to electronic records, sign; then download the sealed PDF. */
export function DocumentPage() {
  const { documentId = '' } = useParams();
  const navigate = useNavigate();
  const doc = useSignableDocument(documentId);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:px-8 md:py-8">
      <BackButton onClick={() => navigate('/jobs')}>Back to Jobs</BackButton>
      {doc.isPending ? (
        <p className="py-16 text-center text-slate-600">Loading the document...</p>
      ) : doc.isError ? (
        <p role="alert" className="py-16 text-center text-red-700">
          {describeError(doc.error, 'Could not load the document')}
        </p>
      ) : (
        <DocumentView doc={doc.data} />
      )}
    </div>
  );
}

function DocumentView({ doc }: { doc: SignableDocument }) {
  const signed = doc.status === 'signed';
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{doc.title}</h1>
        <Badge color={signed ? 'green' : 'yellow'}>{signed ? 'Signed' : 'To sign'}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-500">Version {doc.version}</p>
      <article
        aria-label={doc.title}
        tabIndex={0}
        className="mt-4 max-h-[28rem] overflow-y-auto whitespace-pre-wrap rounded-xl border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-800 md:p-6"
      >
        {doc.body}
      </article>
      {signed ? <SignedNote doc={doc} /> : <SignForm doc={doc} />}
    </>
  );
}

function SignedNote({ doc }: { doc: SignableDocument }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="mt-6 space-y-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
      <p className="flex items-center gap-2 font-medium">
        <ShieldCheck className="h-5 w-5" aria-hidden />
        Signed on {formatDateTime(doc.signed_at)}
      </p>
      <p className="break-all">
        SHA-256 of the signed PDF: <code className="font-mono text-xs">{doc.sha256}</code>
      </p>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() =>
          downloadSignedPdf(doc.id).catch((err: unknown) => setError(describeError(err, 'Could not download')))
        }
      >
        <Download className="h-4 w-4" aria-hidden />
        Download signed PDF
      </button>
      <ErrorBanner message={error} />
    </section>
  );
}

function SignForm({ doc }: { doc: SignableDocument }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [consent, setConsent] = useState(false);
  const [agree, setAgree] = useState(false);
  const [name, setName] = useState('');
  const { submitting, error, run } = useFormSubmit();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const signed = await signDocument(doc.id, { full_name: name, agree, electronic_consent: consent });
        queryClient.setQueryData<SignableDocument>(contractingKeys.document(doc.id), {
          ...doc,
          status: 'signed',
          ...signed,
        });
        await queryClient.invalidateQueries({ queryKey: [...contractingKeys.all, 'onboarding'] });
      },
      { describe: serverDetailOr('Could not sign the document') },
    );
  };

  return (
    <form onSubmit={submit} className="mt-6 space-y-5" aria-label="Sign the document">
      <section aria-labelledby="esign-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h2 id="esign-title" className="font-semibold text-slate-900">
          Consent to electronic records and signatures
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {ESIGN_DISCLOSURE.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <div className="mt-3">
          <Checkbox checked={consent} onChange={setConsent}>
            I have read this disclosure and agree to receive and sign these documents electronically.
          </Checkbox>
        </div>
      </section>
      <Checkbox checked={agree} onChange={setAgree}>
        I agree to sign this document, and my typed name below is my signature.
      </Checkbox>
      <TextField
        label="Full name"
        value={name}
        onChange={setName}
        required
        autoComplete="name"
        help={user?.name ? `As on your profile: ${user.name}` : 'Add your full name to your profile first.'}
      />
      <ErrorBanner message={error} />
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {submitting ? 'Signing...' : 'Sign document'}
      </button>
    </form>
  );
}
