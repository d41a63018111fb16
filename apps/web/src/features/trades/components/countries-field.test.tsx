import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en/trades.json';
import pt from '@/locales/pt/trades.json';
import { initTestI18n } from '@/test/i18n';
import { CountriesField } from './countries-field';

let last: string[] = [];
function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <CountriesField
      id="countries"
      value={value}
      onChange={(next) => {
        last = next;
        setValue(next);
      }}
    />
  );
}

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'trades', en);
  i18next.addResourceBundle('pt', 'trades', pt);
});

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('CountriesField', () => {
  it('offers the typed code first, then names that start with the text, and adds the active one with Enter', () => {
    render(<Harness />);
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'ar' } });
    expect(options()[0]).toBe('ArgentinaAR');
    expect(options()[1]).toMatch(/^Armenia/);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(last).toEqual(['AM']);
    expect(screen.getByText('Armenia')).toBeTruthy();
    // A chosen country is not offered again.
    fireEvent.change(box, { target: { value: 'mexi' } });
    expect(options()).toEqual(['MexicoMX']);
    fireEvent.change(box, { target: { value: 'armen' } });
    expect(options()).toEqual([]);
  });

  it('removes a chip with its button or the last one with Backspace in the empty box, named in the interface language', async () => {
    await i18next.changeLanguage('pt');
    render(<Harness initial={['BR', 'US']} />);
    expect(screen.getByText('Brasil')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover Brasil' }));
    expect(last).toEqual(['US']);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Backspace' });
    expect(last).toEqual([]);
    await i18next.changeLanguage('en');
  });
});
