import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * A search snippet as React nodes: the API marks matched words with <mark>…</mark> and escapes the
 * rest, so the text is split on the marks and unescaped. No HTML is ever injected.
 */
export function snippetNodes(snippet: string): ReactNode[] {
  const parts = snippet.split(/(<mark>[\s\S]*?<\/mark>)/g);
  return parts.filter(Boolean).map((part, i) =>
    part.startsWith('<mark>') ? (
      <mark key={i} className="rounded bg-yellow-100 px-0.5 text-slate-900">
        {unescape(part.slice(6, -7))}
      </mark>
    ) : (
      unescape(part)
    ),
  );
}
