import type { ReactNode } from 'react';
import type { BadgeColor } from '@app/shared';

const COLORS: Record<BadgeColor, string> = {
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
};

/** A small rounded status label; `data-color` lets tests check the colour without class names. */
export function Badge({ color = 'grey', children }: { color?: BadgeColor; children: ReactNode }) {
  return (
    <span
      data-color={color}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${COLORS[color]}`}
    >
      {children}
    </span>
  );
}
