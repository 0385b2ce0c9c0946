import { useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { ListTable, PageHeader, Section, dateTime, td } from '../../../components/console-ui';
import { describeError } from '../../../lib/describe-error';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useReplayDelivery, useWebhooks } from './api/integrations';
import { CheckboxGroup, ConfirmRemove, ShownOnce, useAskFirst } from './ShownOnce';

/**
 * Webhooks (issue 47, item 4): the provider's endpoints, each with the events it receives; the
 * signing secret shown once; each endpoint's delivery log with a replay button; delete.
 */
export function WebhooksPage() {
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const askFirst = useAskFirst(remove.mutate);

  return (
    <>
      <PageHeader title="Webhooks" />
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          Events are sent as signed POST requests (the <code>Webhook-Signature</code> header: an HMAC-SHA256 of the
          timestamp and the body with the endpoint&apos;s secret), retried for a day. An endpoint failing for a day is
          switched off and you are e-mailed.
        </p>
        {secret && <ShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} />}
        <AddEndpoint onCreated={setSecret} />
        <Section title="Endpoints">
          <ErrorBanner message={remove.error ? describeError(remove.error, 'The endpoint was not deleted') : null} />
          <ListTable
            rows={list.data}
            error={list.error}
            failed="The endpoints could not be loaded"
            label="Webhook endpoints"
            head={['Endpoint', 'Events', 'State', '']}
            empty="No endpoints yet."
          >
            {(e: WebhookEndpoint) => (
              <tr key={e.id}>
                <td className={td}>
                  {/* One block: on a phone the cell is a label beside its value, and a second child would
                      fall under the label; only the address may break anywhere. */}
                  <div>
                    <div className="break-all font-medium text-slate-900">{e.url}</div>
                    <div className="text-xs text-slate-500">Added {dateTime(e.created_at)}</div>
                  </div>
                </td>
                <td className={td}>
                  <div className="flex flex-wrap gap-1">
                    {e.events.map((ev) => (
                      <code key={ev} className="text-xs">
                        {ev}
                      </code>
                    ))}
                  </div>
                </td>
                <td className={td}>
                  <EndpointState endpoint={e} />
                </td>
                <td className={`${td} space-x-2 whitespace-nowrap text-right`}>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    aria-label={`Deliveries of ${e.url}`}
                    aria-expanded={open === e.id}
                    onClick={() => setOpen(open === e.id ? null : e.id)}
                  >
                    Deliveries
                  </button>
                  <ConfirmRemove verb="Delete" gerund="deleting" name={e.url} {...askFirst(e.id)} />
                </td>
              </tr>
            )}
          </ListTable>
        </Section>
        {open && list.data?.some((e) => e.id === open) && (
          <DeliveryLog endpoint={list.data.find((e) => e.id === open)!} />
        )}
      </div>
    </>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.disabled_at)
    return (
      <div>
        <Badge color="red">Switched off</Badge>
        <div className="text-xs text-slate-500">{endpoint.disabled_reason}</div>
      </div>
    );
  if (endpoint.failing_since)
    return (
      <div>
        <Badge color="yellow">Failing</Badge>
        <div className="text-xs text-slate-500">since {dateTime(endpoint.failing_since)}</div>
      </div>
    );
  return <Badge color="green">Active</Badge>;
}

function AddEndpoint({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  return (
    <Section title="Add an endpoint">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { url: url.trim(), events: events as (typeof WEBHOOK_EVENTS)[number][] },
            {
              onSuccess: (created) => {
                setUrl('');
                setEvents([]);
                onCreated(created.secret);
              },
            },
          );
        }}
      >
        <TextField
          label="Endpoint URL"
          type="url"
          value={url}
          placeholder="https://example.com/hooks"
          maxLength={2000}
          onChange={setUrl}
          help="A public https address; private and local addresses are refused."
        />
        <CheckboxGroup legend="Events" options={WEBHOOK_EVENTS} value={events} onChange={setEvents} />
        <ErrorBanner message={create.error ? describeError(create.error, 'The endpoint was not added') : null} />
        <div className="flex justify-end">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={create.isPending || !url.trim() || !events.length}
          >
            {create.isPending ? 'Adding...' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </Section>
  );
}

const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint.id);
  const replay = useReplayDelivery(endpoint.id);
  return (
    <Section title={`Deliveries to ${endpoint.url}`}>
      <ErrorBanner message={replay.error ? describeError(replay.error, 'The event was not sent again') : null} />
      <ListTable
        rows={deliveries.data}
        error={deliveries.error}
        failed="The deliveries could not be loaded"
        label="Delivery log"
        head={['Event', 'Status', 'Response', 'Attempts', '']}
        empty="Nothing delivered yet."
      >
        {(d: WebhookDelivery) => (
          <tr key={d.id}>
            <td className={td}>
              <code className="text-xs">{d.event_type}</code>
              <div className="text-xs text-slate-500">
                {d.event_id} · {dateTime(d.created_at)}
                {d.replay_of && ' · replay'}
              </div>
            </td>
            <td className={td}>
              <Badge color={STATUS_COLOR[d.status]}>{d.status}</Badge>
              {d.next_attempt_at && (
                <div className="text-xs text-slate-500">next try {dateTime(d.next_attempt_at)}</div>
              )}
            </td>
            <td className={td}>
              {d.response_code ?? '—'}
              {d.duration_ms !== null && <span className="text-xs text-slate-500"> in {d.duration_ms} ms</span>}
              {d.error && <div className="text-xs text-red-700">{d.error}</div>}
            </td>
            <td className={td}>{d.attempts}</td>
            <td className={`${td} text-right`}>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={`Replay ${d.event_type} ${d.event_id}`}
                disabled={replay.isPending || Boolean(endpoint.disabled_at)}
                onClick={() => replay.mutate(d.id)}
              >
                Replay
              </button>
            </td>
          </tr>
        )}
      </ListTable>
    </Section>
  );
}
