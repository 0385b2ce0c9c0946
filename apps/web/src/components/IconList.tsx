import type { LucideIcon } from 'lucide-react';

/** A list whose lines each begin with an icon; the caller sizes and colours the list, its lines and icons. */
export function IconList({
  items,
  className,
  itemClassName,
  iconClassName,
}: {
  items: readonly { icon: LucideIcon; text: string }[];
  className: string;
  itemClassName: string;
  iconClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className={itemClassName}>
          <Icon className={iconClassName} aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}
