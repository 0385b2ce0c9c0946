/**
 * An underlined row of tabs. Tab `k` gets id `{idPrefix}-tab-{k}` and controls `{idPrefix}-panel-{k}`,
 * so the page's tab panel uses `tabPanelId` / `tabId` for its id and aria-labelledby.
 */
export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const tabPanelId = (idPrefix: string, key: string) => `${idPrefix}-panel-${key}`;

type Props<K extends string> = {
  idPrefix: string;
  label: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
};

export function TabList<K extends string>({ idPrefix, label, tabs, selected, onSelect, className = '' }: Props<K>) {
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 border-b border-slate-200 ${className}`}>
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={tabId(idPrefix, t.key)}
          aria-selected={selected === t.key}
          aria-controls={tabPanelId(idPrefix, t.key)}
          onClick={() => onSelect(t.key)}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
            selected === t.key
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-slate-500 hover:text-slate-800'
          }`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
