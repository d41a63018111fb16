import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Select } from './select';

const OPTIONS = [
  { value: 'number', label: 'Card number' },
  { value: 'name', label: 'Name' },
  { value: 'price', label: 'Price' },
];

function Sort() {
  const [value, setValue] = useState('name');
  return (
    <>
      <output>{value}</output>
      <Select label="Sort by" value={value} onValueChange={setValue} options={OPTIONS} />
    </>
  );
}

// What Radix's select calls and jsdom lacks (scrolling the chosen option into view, pointer capture).
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});

describe('Select', () => {
  it('is a closed combobox showing the chosen label until used, with no list in the page', () => {
    render(<Sort />);
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(trigger.textContent).toBe('Name');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens from the keyboard (Radix loaded then), and a picked option is told', async () => {
    render(<Sort />);
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const list = await screen.findByRole('listbox');
    expect(list.textContent).toContain('Card number');
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Price' }));
    });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('price');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Price');
  });
});
