import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ToggleGroup } from './toggle-group';

function Views() {
  const [view, setView] = useState('grid');
  return (
    <>
      <output>{view}</output>
      <ToggleGroup.Root type="single" value={view} onValueChange={setView} aria-label="View">
        {['grid', 'list', 'text'].map((v) => (
          <ToggleGroup.Item key={v} value={v} aria-label={`${v} view`}>
            {v}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('ToggleGroup', () => {
  it('is a named radio group whose chosen option alone is reached by Tab', () => {
    render(<Views />);
    expect(screen.getByRole('radiogroup', { name: 'View' })).toBeTruthy();
    expect(radio('grid view').getAttribute('aria-checked')).toBe('true');
    expect(radio('grid view').getAttribute('data-state')).toBe('on');
    expect(radio('grid view').tabIndex).toBe(0);
    expect(radio('list view').getAttribute('aria-checked')).toBe('false');
    expect(radio('list view').tabIndex).toBe(-1);
  });

  it('chooses on click, keeps the choice when the chosen one is clicked again, and moves with the arrows', () => {
    render(<Views />);
    fireEvent.click(radio('list view'));
    expect(screen.getByRole('status').textContent).toBe('list');
    fireEvent.click(radio('list view'));
    expect(screen.getByRole('status').textContent).toBe('list');

    radio('list view').focus();
    fireEvent.keyDown(radio('list view'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('text view'));
    expect(screen.getByRole('status').textContent).toBe('text');
    fireEvent.keyDown(radio('text view'), { key: 'ArrowRight' });
    expect(screen.getByRole('status').textContent).toBe('grid');
    fireEvent.keyDown(radio('grid view'), { key: 'ArrowUp' });
    expect(screen.getByRole('status').textContent).toBe('text');
    fireEvent.keyDown(radio('text view'), { key: 'Home' });
    expect(document.activeElement).toBe(radio('grid view'));
    fireEvent.keyDown(radio('grid view'), { key: 'End' });
    expect(screen.getByRole('status').textContent).toBe('text');
  });
});
