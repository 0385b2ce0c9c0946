import { taxProfileInputSchema, type TaxProfileInput } from '@app/shared';
import { ApiError } from '../../../lib/api-client';

/** A tax form field's key in the page's state ('city', 'tin', ...) → its message. */
export type TaxFieldErrors = Record<string, string>;

/** The request path of a message ("address.city") as the page's field key ("city"). */
const FIELD_OF: Record<string, string> = {
  'address.line1': 'line1',
  'address.line2': 'line2',
  'address.city': 'city',
  'address.region': 'region',
  'address.postal_code': 'postal_code',
  'address.country': 'country',
  country_of_citizenship: 'citizenship',
  'treaty.article': 'treaty_article',
  'treaty.rate': 'treaty_rate',
};
const fieldOf = (path: (string | number | symbol)[]) => {
  const key = path.map(String).join('.');
  return FIELD_OF[key] ?? key;
};

/** Every message at once, by field (issue 43): the first message of each field wins. */
function byField(list: { path: (string | number | symbol)[]; message: string }[]): TaxFieldErrors {
  const out: TaxFieldErrors = {};
  for (const { path, message } of list) {
    const key = fieldOf(path);
    out[key] ??= message;
  }
  return out;
}

/** The shared schema's messages for what the form would send, or null when it would pass. */
export function checkTaxForm(body: TaxProfileInput): TaxFieldErrors | null {
  const parsed = taxProfileInputSchema.safeParse(body);
  return parsed.success ? null : byField(parsed.error.issues);
}

/** The server's 422 list (`[{loc, msg}]`) by field, or null for any other failure. */
export function serverTaxFieldErrors(err: unknown): TaxFieldErrors | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const detail = (err.body as { detail?: unknown })?.detail;
  if (!Array.isArray(detail)) return null;
  return byField(
    (detail as { loc: (string | number)[]; msg: string }[]).map((d) => ({
      path: d.loc.filter((p) => p !== 'body'),
      message: d.msg,
    })),
  );
}
