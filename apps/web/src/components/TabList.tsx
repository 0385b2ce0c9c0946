import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';

type Props<K extends string> = {
  label: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
  panelClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
};

/**
 * An underlined row of tabs over the selected tab's panel, on Radix (decision 0121): tabs and panel are
 * wired to each other, arrow keys move between tabs, Tab goes from the tabs into the panel.
 */
export function TabList<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className = '',
  panelClassName,
  children,
}: Props<K>) {
  return (
    <Tabs.Root value={selected} onValueChange={(key) => onSelect(key as K)}>
      <Tabs.List aria-label={label} className={`flex gap-1 border-b border-slate-200 ${className}`}>
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.key}
            value={t.key}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              selected === t.key
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={selected} className={panelClassName}>
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
