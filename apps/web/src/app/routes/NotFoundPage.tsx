import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for doesn&apos;t exist or has been moved.</p>
      <Link
        to="/"
        className="mt-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Go Home
      </Link>
    </div>
  );
}
