import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { CountryPicker } from './country-picker';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CountryPicker id="c" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

beforeAll(async () => {
  await initTestI18n('en');
});

describe('CountryPicker', () => {
  it('with no country yet, shows a searchable list 300 px high; arrows and Enter pick', () => {
    render(<Harness />);
    const list = screen.getByRole('listbox');
    expect(list.className).toContain('h-[300px]');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(200);
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'united' } });
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names.some((n) => n?.startsWith('United States'))).toBe(true);
    expect(names.every((n) => n?.toLowerCase().includes('united'))).toBe(true);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const active = search.getAttribute('aria-activedescendant');
    expect(active).toMatch(/^c-opt-[A-Z]{2}$/);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe(active!.slice(-2));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('matches accents loosely and by code, and says when nothing matches', () => {
    render(<Harness />);
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'cote d ivoire' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toContain('CI');
    fireEvent.change(search, { target: { value: 'jp' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toContain('Japan');
    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No country matches your search')).toBeTruthy();
  });

  it('shows a suggested country with a Change button that opens the list', () => {
    render(<Harness initial="BR" />);
    expect(screen.getByTestId('country-value').textContent).toBe('Brazil');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getAllByRole('option').find((o) => o.textContent?.startsWith('Portugal'))!);
    expect(screen.getByTestId('value').textContent).toBe('PT');
  });
});
