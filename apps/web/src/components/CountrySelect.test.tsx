import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CountrySelect } from './CountrySelect';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <CountrySelect label="Country" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('CountrySelect', () => {
  it('searches the list, says when nothing matches, and picks with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    const search = screen.getByPlaceholderText('Search countries...');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(190);

    await user.type(search, 'qqq');
    expect(screen.getByText('No countries found')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'portu');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Portugal']);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Portugal');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps its label and its button in one box, so a grid cell holds both (issue 34)', () => {
    const { container } = render(
      <div className="grid">
        <CountrySelect label="Country" value="" onChange={() => {}} />
      </div>,
    );
    const grid = container.firstElementChild!;
    expect(grid.children).toHaveLength(1);
    const cell = grid.children[0]!;
    expect(cell).toHaveTextContent('Country');
    expect(cell).toContainElement(screen.getByRole('combobox', { name: 'Country' }));
  });
});
