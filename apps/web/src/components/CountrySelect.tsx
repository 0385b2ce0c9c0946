import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { COUNTRIES, filterCountries } from '@app/shared';

type Props = {
  label: string;
  value: string;
  onChange: (country: string) => void;
  required?: boolean;
  placeholder?: string;
  /** Marks the field as filled in from the resume or LinkedIn. */
  hint?: string;
};

/**
 * A country dropdown over the fixed list of spec part 1 section 2, with a search box
 * ('Search countries...', 'No countries found'). Keyboard: Enter/Space/ArrowDown open it, arrows move,
 * Enter picks, Escape closes.
 */
export function CountrySelect({ label, value, onChange, required, placeholder = 'Select a country', hint }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const results = useMemo(() => filterCountries(query, COUNTRIES), [query]);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const openList = () => {
    setQuery('');
    const idx = COUNTRIES.indexOf(value);
    setActive(idx >= 0 ? idx : 0);
    setOpen(true);
  };
  const pick = (country: string) => {
    onChange(country);
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (results[active]) pick(results[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
        {hint && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{hint}</span>}
      </span>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-labelledby={`${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-required={required}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            openList();
          }
        }}
        className="mt-1 flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      >
        <span className={value ? 'text-slate-900' : 'text-slate-400'}>{value || placeholder}</span>
        <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden />
      </button>
      {open && (
        <div className="absolute z-30 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg">
          <div className="border-b border-slate-100 p-2">
            <input
              ref={searchRef}
              type="text"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKey}
              placeholder="Search countries..."
              aria-label="Search countries"
              aria-controls={`${id}-list`}
              aria-activedescendant={results[active] ? `${id}-opt-${active}` : undefined}
              className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
            />
          </div>
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            aria-labelledby={`${id}-label`}
            className="max-h-60 overflow-y-auto py-1"
          >
            {results.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No countries found</li>}
            {results.map((c, i) => (
              <li
                key={c}
                id={`${id}-opt-${i}`}
                data-index={i}
                role="option"
                aria-selected={c === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(c)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center justify-between px-3 py-1.5 text-sm ${
                  i === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700'
                }`}
              >
                {c}
                {c === value && <Check className="h-4 w-4" aria-hidden />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
