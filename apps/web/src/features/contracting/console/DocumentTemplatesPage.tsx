import { useState } from 'react';
import { DOCUMENT_KEYS, type DocumentKey, type DocumentTemplate } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useDocumentTemplates, usePublishTemplate } from './api/onboarding';
import { ActionCell, ListTable, PageHeader, Section, dateTime, td } from '../../../components/console-ui';

/** The placeholders a template may use, filled in for each signer (decision 0200). */
const PLACEHOLDERS = ['{{candidate_name}}', '{{job_title}}', '{{pay}}', '{{start_date}}', '{{today}}'];

/** The newest version of each key, with how many there are (the list is newest first per key). */
function currentByKey(templates: DocumentTemplate[]) {
  return DOCUMENT_KEYS.flatMap((key) => {
    const versions = templates.filter((t) => t.key === key).sort((a, b) => b.version - a.version);
    return versions[0] ? [{ current: versions[0], count: versions.length }] : [];
  });
}

/**
 * The onboarding documents' templates (issue 36 item 2): each key's current version, and a form that
 * publishes the next one. A new version asks every candidate for a new signature.
 */
export function DocumentTemplatesPage() {
  const list = useDocumentTemplates();
  const [editing, setEditing] = useState<DocumentTemplate | null>(null);
  const [published, setPublished] = useState<DocumentTemplate | null>(null);
  const rows = list.data && currentByKey(list.data);

  return (
    <>
      <PageHeader title="Document templates" />
      <div className="space-y-6">
        {published && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            Version {published.version} of {published.title} is published. Candidates are asked to sign it.
          </p>
        )}
        {editing && (
          <TemplateForm
            key={editing.id}
            current={editing}
            onCancel={() => setEditing(null)}
            onPublished={(t) => {
              setEditing(null);
              setPublished(t);
            }}
          />
        )}
        <Section title="Templates">
          <ListTable
            rows={rows}
            error={list.error}
            failed="The templates could not be loaded"
            label="Document templates"
            head={['Document', 'Current version', 'Published', '']}
            empty="No templates yet."
          >
            {({ current, count }) => (
              <TemplateRow
                key={current.key}
                current={current}
                count={count}
                onNewVersion={() => {
                  setPublished(null);
                  setEditing(current);
                }}
              />
            )}
          </ListTable>
        </Section>
      </div>
    </>
  );
}

/** A key's current version, how many came before it, and the button that starts the next one. */
function TemplateRow({
  current,
  count,
  onNewVersion,
}: {
  current: DocumentTemplate;
  count: number;
  onNewVersion: () => void;
}) {
  return (
    <tr>
      <td className={td}>
        <div>
          <div className="font-medium text-slate-900">{current.title}</div>
          <code className="text-xs text-slate-500">{current.key}</code>
        </div>
      </td>
      <td className={td}>
        <div>
          Version {current.version}
          {count > 1 && (
            <div className="text-xs text-slate-500">
              {count - 1} earlier {count === 2 ? 'version' : 'versions'}
            </div>
          )}
        </div>
      </td>
      <td className={td}>{dateTime(current.created_at)}</td>
      <ActionCell name={`New version of ${current.title}`} onClick={onNewVersion}>
        New version
      </ActionCell>
    </tr>
  );
}

function TemplateForm({
  current,
  onCancel,
  onPublished,
}: {
  current: DocumentTemplate;
  onCancel: () => void;
  onPublished: (t: DocumentTemplate) => void;
}) {
  const publish = usePublishTemplate();
  const [title, setTitle] = useState(current.title);
  const [body, setBody] = useState(current.body);
  const key: DocumentKey = current.key;
  const next = current.version + 1;
  return (
    <Section title={`New version of ${current.title}`}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          publish.mutate({ key, title, body }, { onSuccess: onPublished });
        }}
      >
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Publishing makes this version {next}. Every candidate with this document is asked to sign it again, also those
          who signed version {current.version}: their onboarding item goes back to pending until they do. The documents
          they signed stay on record.
        </p>
        <TextField label="Title" value={title} maxLength={200} onChange={setTitle} />
        <TextField
          label="Text"
          multiline
          className="min-h-64 font-mono text-xs"
          value={body}
          maxLength={50_000}
          rows={14}
          help={`Filled in for each signer: ${PLACEHOLDERS.join(', ')}. An unknown placeholder stays as written.`}
          onChange={setBody}
        />
        <ErrorBanner message={publish.error ? describeError(publish.error, 'The version was not published') : null} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : `Publish version ${next}`}
          </button>
        </div>
      </form>
    </Section>
  );
}
