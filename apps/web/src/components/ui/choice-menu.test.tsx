import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceMenu } from './choice-menu';

const CHOICES = [
  { value: 'en', label: 'English' },
  { value: 'pt', label: 'Português' },
  { value: 'es', label: 'Español' },
];

function Language() {
  const [value, setValue] = useState('pt');
  return (
    <>
      <output>{value}</output>
      <ChoiceMenu label="Language" value={value} choices={CHOICES} onChange={setValue} trigger={<span>{value.toUpperCase()}</span>} />
    </>
  );
}

describe('ChoiceMenu', () => {
  it('is a closed menu button until used, with no menu in the page', () => {
    render(<Language />);
    const trigger = screen.getByRole('button', { name: 'Language' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(trigger.textContent).toBe('PT');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the checked choice, and a choice is told and closes the menu', async () => {
    render(<Language />);
    const trigger = screen.getByRole('button', { name: 'Language' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('English');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Português'));
    expect(screen.getByRole('button', { name: 'Language', hidden: true }).getAttribute('aria-expanded')).toBe('true');

    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Español'));
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('es');
    expect(screen.getByRole('button', { name: 'Language' }).textContent).toBe('ES');
  });
});
