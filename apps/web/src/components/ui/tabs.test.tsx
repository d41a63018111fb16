import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

function Three({ onChange, value }: { onChange?: (v: string) => void; value?: string }) {
  return (
    <Tabs.Root defaultValue="b" value={value} onValueChange={onChange}>
      <Tabs.List aria-label="Views">
        <Tabs.Trigger value="a">A</Tabs.Trigger>
        <Tabs.Trigger value="b">B</Tabs.Trigger>
        <Tabs.Trigger value="c">C</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="a">panel a</Tabs.Content>
      <Tabs.Content value="b">panel b</Tabs.Content>
      <Tabs.Content value="c">panel c</Tabs.Content>
    </Tabs.Root>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('ties each tab to its panel by id and draws only the chosen panel, the others hidden and empty', () => {
    render(<Three />);
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    const b = tab('B');
    expect(b.getAttribute('aria-selected')).toBe('true');
    expect(b.getAttribute('data-state')).toBe('active');
    expect(b.tabIndex).toBe(0);
    expect(tab('A').tabIndex).toBe(-1);
    expect(tab('A').getAttribute('aria-selected')).toBe('false');

    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('panel b');
    expect(panel.id).toBe(b.getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe(b.id);

    const hidden = document.getElementById(tab('A').getAttribute('aria-controls') ?? '');
    expect(hidden?.hidden).toBe(true);
    expect(hidden?.textContent).toBe('');
  });

  it('chooses a tab on click and tells onValueChange once, not again for the chosen one', () => {
    const onChange = vi.fn();
    render(<Three onChange={onChange} />);
    fireEvent.click(tab('C'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    fireEvent.click(tab('C'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('c');
  });

  it('moves focus and choice with the arrows (wrapping), Home and End', () => {
    render(<Three />);
    tab('B').focus();
    fireEvent.keyDown(tab('B'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('C'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    fireEvent.keyDown(tab('C'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('A'));
    fireEvent.keyDown(tab('A'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('C'));
    fireEvent.keyDown(tab('C'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('A'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
    fireEvent.keyDown(tab('A'), { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    // Other keys and modified arrows leave the choice alone.
    fireEvent.keyDown(tab('C'), { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(tab('C'), { key: 'x' });
    expect(document.activeElement).toBe(tab('C'));
  });

  it('follows a controlled value and leaves the change to its owner', () => {
    function Controlled() {
      const [value, setValue] = useState('a');
      return (
        <>
          <output>{value}</output>
          <Three value={value} onChange={(v) => v !== 'c' && setValue(v)} />
        </>
      );
    }
    render(<Controlled />);
    fireEvent.click(tab('C'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
    fireEvent.click(tab('B'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');
    expect(screen.getByRole('status').textContent).toBe('b');
  });
});
