import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';

/** A page's way back, above its heading: an arrow and the place it leads to. */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {children}
    </button>
  );
}
