import { useState } from 'react';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { primaryButtonClass } from '../../../components/form-styles';
import { ListTable, PageHeader, Section, dateTime, td } from '../../../components/console-ui';
import { describeError } from '../../../lib/describe-error';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/integrations';
import { CheckboxGroup, ConfirmRemove, ShownOnce, useAskFirst } from './ShownOnce';

/**
 * API keys (issue 47, item 5): keys for the provider's own systems, each named and scoped, shown once
 * when created, listed by prefix with their last use, revoked at once.
 */
export function ApiKeysPage() {
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [key, setKey] = useState<string | null>(null);
  const askFirst = useAskFirst(revoke.mutate);
  return (
    <>
      <PageHeader title="API keys" />
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          Send a key as <code>Authorization: Bearer &lt;key&gt;</code>. It acts as you, on the calls its scopes open
          (the API document lists them); every other call refuses it.
        </p>
        {key && <ShownOnce label="API key" value={key} onDone={() => setKey(null)} />}
        <CreateKey onCreated={setKey} />
        <Section title="Keys">
          <ErrorBanner message={revoke.error ? describeError(revoke.error, 'The key was not revoked') : null} />
          <ListTable
            rows={list.data}
            error={list.error}
            failed="The keys could not be loaded"
            label="API keys"
            head={['Name', 'Scopes', 'Created', 'Last used', '']}
            empty="No keys yet."
          >
            {(k: ApiKey) => (
              <tr key={k.id}>
                <td className={td}>
                  <div className="font-medium text-slate-900">{k.name}</div>
                  <code className="text-xs text-slate-500">{k.prefix}…</code>
                </td>
                <td className={td}>
                  <div className="flex flex-wrap gap-1">
                    {k.scopes.map((s) => (
                      <code key={s} className="text-xs">
                        {s}
                      </code>
                    ))}
                  </div>
                </td>
                <td className={td}>{dateTime(k.created_at)}</td>
                <td className={td}>{k.last_used_at ? dateTime(k.last_used_at) : 'Never'}</td>
                <td className={`${td} space-x-2 whitespace-nowrap text-right`}>
                  {k.revoked_at ? (
                    <Badge color="red">Revoked {dateTime(k.revoked_at)}</Badge>
                  ) : (
                    <ConfirmRemove verb="Revoke" gerund="revoking" name={k.name} {...askFirst(k.id)} />
                  )}
                </td>
              </tr>
            )}
          </ListTable>
        </Section>
      </div>
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: string) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  return (
    <Section title="Create a key">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name: name.trim(), scopes: scopes as ApiKeyScope[] },
            {
              onSuccess: (created) => {
                setName('');
                setScopes([]);
                onCreated(created.key);
              },
            },
          );
        }}
      >
        <TextField
          label="Name"
          value={name}
          maxLength={100}
          onChange={setName}
          help="Which system uses it, e.g. Greenhouse."
        />
        <CheckboxGroup legend="Scopes" options={API_KEY_SCOPES} value={scopes} onChange={setScopes} />
        <ErrorBanner message={create.error ? describeError(create.error, 'The key was not created') : null} />
        <div className="flex justify-end">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={create.isPending || !name.trim() || !scopes.length}
          >
            {create.isPending ? 'Creating...' : 'Create key'}
          </button>
        </div>
      </form>
    </Section>
  );
}
