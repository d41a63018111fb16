import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { CardsToolbar } from './cards-toolbar';

beforeAll(async () => {
  await initTestI18n('en');
});

const query = { q: '', page: 1, pageSize: 48 } as unknown as Parameters<typeof CardsToolbar>[0]['query'];

/** The toolbar with its view kept by the parent, as the library keeps it in the address. */
function Harness({ onView }: { onView: (view: string) => void }) {
  const [view, setView] = useState('grid');
  return (
    <>
      <CardsToolbar
        query={query}
        view={view}
        onPatch={() => undefined}
        onView={(next) => {
          onView(next);
          setView(next);
        }}
      />
      <p data-testid="results">{view}</p>
    </>
  );
}

const pressed = (name: string) => screen.getByRole('radio', { name }).getAttribute('data-state');

describe("the library's grid / list toggle (issue 45: the tap answers before the results switch)", () => {
  it('shows the chosen view pressed at once, and switches the results after the next paint', async () => {
    const onView = vi.fn();
    render(<Harness onView={onView} />);
    fireEvent.click(screen.getByRole('radio', { name: 'List view' }));
    // The tap's own frame: the toggle answered, the results did not switch yet.
    expect(pressed('List view')).toBe('on');
    expect(pressed('Grid view')).toBe('off');
    expect(onView).not.toHaveBeenCalled();
    expect(screen.getByTestId('results').textContent).toBe('grid');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(onView).toHaveBeenCalledWith('list');
    expect(screen.getByTestId('results').textContent).toBe('list');
    expect(pressed('List view')).toBe('on');
  });

  it('a second tap back before the switch leaves the results as they were', async () => {
    const onView = vi.fn();
    render(<Harness onView={onView} />);
    fireEvent.click(screen.getByRole('radio', { name: 'List view' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Grid view' }));
    expect(pressed('Grid view')).toBe('on');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(onView).not.toHaveBeenCalled();
    expect(screen.getByTestId('results').textContent).toBe('grid');
  });
});
