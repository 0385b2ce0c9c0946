/** Tailwind class names shared by the forms (one look for every input, label and button). */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 read-only:bg-slate-50';
export const labelClass = 'block text-sm font-medium text-slate-700';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
/** A small bordered button beside a heading or a list (the file downloads). */
export const compactButtonClass =
  'inline-flex items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';
