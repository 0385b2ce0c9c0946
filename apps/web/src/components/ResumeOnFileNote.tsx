import type { ReactNode } from 'react';
import { FileText } from 'lucide-react';

/** The green note beside a résumé upload area: which résumé is on file, and what can be done next. */
export function ResumeOnFileNote({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
      <FileText className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
