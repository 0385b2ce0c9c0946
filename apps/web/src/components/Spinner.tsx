export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-600">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
