/**
 * What the logs may contain (decision 0081): URLs without credentials (`token`, signed-link
 * `signature` query parameters), no Authorization/Cookie headers, and errors without SQL parameters
 * or row contents (drizzle's "Failed query ... params: ..." messages and pg's `detail`/`where`).
 */
const SECRET_PARAMS = /([?&](?:token|access_token|signature|sig|password)=)[^&#]*/gi;
/** Secrets that travel in the path: an invitation link's token (/api/invitations/{token}/..., issue 47). */
const SECRET_PATHS = /(\/invitations\/)[A-Za-z0-9_-]{20,}/g;

/** The URL with credential query parameters and path tokens replaced by `[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_PATHS, '$1[redacted]');
}

/** Fields that database errors use for the statement's values or the rows they touched. */
const DATA_FIELDS = new Set(['params', 'parameters', 'query', 'detail', 'where', 'internalQuery', 'values']);
const PARAMS_TAIL = /\s*params:[\s\S]*$/;

type SerializedError = Record<string, unknown>;

/** An error as a plain object for the log, with anything that may hold user data left out. */
export function serializeError(err: unknown, depth = 0): SerializedError | unknown {
  if (!(err instanceof Error) || depth > 3) return err instanceof Error ? { type: err.name } : err;
  const out: SerializedError = { type: err.constructor?.name ?? err.name };
  out.message = err.message.replace(PARAMS_TAIL, ' params: [redacted]');
  // PostgreSQL quotes the offending value in data errors ('invalid input syntax ...: "x"').
  if ('severity' in err && 'code' in err) out.message = (out.message as string).replace(/"[^"]*"/g, '"[redacted]"');
  if (err.stack) {
    // The stack repeats the message on its first line.
    const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${out.type as string}: ${out.message as string}`, ...frames].join('\n');
  }
  for (const [key, value] of Object.entries(err)) {
    if (DATA_FIELDS.has(key) || key === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

type RequestLike = {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Pino serializers and redaction paths for every logger the app builds. */
export const logSerializers = {
  req(req: RequestLike) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err: serializeError,
  error: serializeError,
};

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
  'headers.authorization',
  'headers.cookie',
  'req.body.password',
  'password',
  'token',
];

/** Adds the serializers and redaction to a logger configuration (an object; `false` stays off). */
export function withLogSafety<T>(logger: T): T {
  if (!logger || typeof logger !== 'object') return logger;
  const options = logger as Record<string, unknown>;
  return {
    ...options,
    serializers: { ...logSerializers, ...(options.serializers as object | undefined) },
    redact: { paths: logRedactPaths, censor: '[redacted]' },
  } as T;
}
