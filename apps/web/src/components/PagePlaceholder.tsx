/** A screen whose feature has not landed yet (the route and its guard already exist). */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-10">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">This screen is being prepared.</p>
    </div>
  );
}
