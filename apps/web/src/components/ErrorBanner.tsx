/** The red error box shown above a form's buttons. */
export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </div>
  );
}

/** The quieter red line under one control (a download, a small form): the same alert, without the box. */
export function ErrorLine({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`.trim()}>
      {message}
    </p>
  );
}
