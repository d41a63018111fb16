import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './form';
import { Switch } from './switch';

function Labelled({ disabled }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  const [agreed, setAgreed] = useState(false);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="vars">Show variations</label>
      <Switch id="vars" checked={on} onCheckedChange={setOn} disabled={disabled} testId="vars" />
      <CheckboxField id="terms" checked={agreed} onCheckedChange={setAgreed}>
        I agree
      </CheckboxField>
      <output>{`${on}/${agreed}`}</output>
    </form>
  );
}

describe('Switch and CheckboxField (no Radix)', () => {
  it('are named by their labels, say their state, and toggle on click', () => {
    render(<Labelled />);
    const sw = screen.getByRole('switch', { name: 'Show variations' });
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(sw.getAttribute('data-state')).toBe('unchecked');
    expect(box.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(sw);
    fireEvent.click(screen.getByText('I agree'));
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect(sw.getAttribute('data-state')).toBe('checked');
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('true/true');

    fireEvent.click(sw);
    expect(screen.getByRole('status').textContent).toBe('false/true');
  });

  it('a checkbox ignores Enter (WAI-ARIA: Space toggles it); a disabled switch does not toggle', () => {
    render(<Labelled disabled />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    const enter = fireEvent.keyDown(box, { key: 'Enter' });
    expect(enter).toBe(false);
    const sw = screen.getByRole('switch', { name: 'Show variations' });
    expect((sw as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(sw);
    expect(screen.getByRole('status').textContent).toBe('false/false');
  });
});
