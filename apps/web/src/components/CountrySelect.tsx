import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check, ChevronDown } from 'lucide-react';
import { COUNTRIES, filterCountries } from '@app/shared';

type Props = {
  label: string;
  value: string;
  onChange: (country: string) => void;
  required?: boolean;
  placeholder?: string;
  /** Marks the field as filled in from the resume or LinkedIn. */
  badge?: string;
  /** A message shown under the button, which is then marked invalid. */
  error?: string;
};

/**
 * A country dropdown over the fixed list of docs/product/screens/profile.md, with a search box
 * ('Search countries...', 'No countries found'): a Radix popover holding a cmdk list (decision 0121).
 * Keyboard: Enter/Space/ArrowDown open it, the search keeps the focus while arrows move through the
 * list, Enter picks, Escape closes; the focus goes back to the button.
 */
export function CountrySelect({
  label,
  value,
  onChange,
  required,
  placeholder = 'Select a country',
  badge,
  error,
}: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The highlighted country (cmdk's value): the chosen one on open, the first match after each search.
  const [active, setActive] = useState('');
  const results = filterCountries(query, COUNTRIES);

  const openList = (next: boolean) => {
    if (next) {
      setQuery('');
      setActive(value || COUNTRIES[0]!);
    }
    setOpen(next);
  };
  const pick = (country: string) => {
    onChange(country);
    setOpen(false);
  };

  // One box for the label and its button: the popover root draws nothing, so without it a grid
  // parent would put the label and the button in two cells.
  return (
    <div>
      <Popover.Root open={open} onOpenChange={openList}>
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
          {label}
          {required && <span className="text-red-600"> *</span>}
          {badge && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{badge}</span>}
        </span>
        <Popover.Trigger
          type="button"
          role="combobox"
          aria-labelledby={`${id}-label`}
          aria-haspopup="listbox"
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={(e) => {
            if (!open && e.key === 'ArrowDown') {
              e.preventDefault();
              openList(true);
            }
          }}
          className="mt-1 flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
        >
          <span className={value ? 'text-slate-900' : 'text-slate-400'}>{value || placeholder}</span>
          <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            aria-labelledby={`${id}-label`}
            className="z-30 w-(--radix-popover-trigger-width) rounded-md border border-slate-200 bg-white shadow-lg"
          >
            <Command shouldFilter={false} value={active} onValueChange={setActive} label={label}>
              <div className="border-b border-slate-100 p-2">
                <Command.Input
                  value={query}
                  onValueChange={(q) => {
                    setQuery(q);
                    setActive(filterCountries(q, COUNTRIES)[0] ?? '');
                  }}
                  placeholder="Search countries..."
                  aria-label="Search countries"
                  className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
                />
              </div>
              <Command.List aria-labelledby={`${id}-label`} className="max-h-60 overflow-y-auto py-1">
                <Command.Empty className="px-3 py-2 text-sm text-slate-500">No countries found</Command.Empty>
                {results.map((c) => (
                  <Command.Item
                    key={c}
                    value={c}
                    onSelect={() => pick(c)}
                    className="flex cursor-pointer items-center justify-between px-3 py-1.5 text-sm text-slate-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-700"
                  >
                    {c}
                    {c === value && <Check className="h-4 w-4" aria-hidden />}
                  </Command.Item>
                ))}
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
