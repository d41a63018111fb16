import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders } from '@/test/providers';
import { CardFilters } from './card-filters';

/** The panel over a query held in state, as the page holds it in the URL; each patch is recorded. */
function Panel({ initial, onPatch }: { initial: string; onPatch: (patch: Record<string, unknown>) => void }) {
  const [q, setQ] = useState(initial);
  return (
    <MemoryRouter>
      <output data-testid="q">{q}</output>
      <CardFilters
        query={{ q, page: 1, pageSize: 48 }}
        onPatch={(patch) => {
          onPatch(patch);
          setQ((patch.q as string | undefined) ?? '');
        }}
        onClear={() => {}}
      />
    </MemoryRouter>
  );
}

describe('the filter panel and the box are one state', () => {
  it('choosing Red writes c:red into q; a query with c:red lights the chip', async () => {
    await initTestI18n('en');
    mockApi(() => ({ subtypes: [], sets: [] }));
    const onPatch = vi.fn();
    renderWithProviders(<Panel initial="luffy" onPatch={onPatch} />);
    const chip = (name: string) => screen.getByRole('button', { name });
    expect(chip('Red').getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(chip('Red')));
    expect(onPatch).toHaveBeenLastCalledWith({ q: 'luffy c:red' });
    expect(chip('Red').getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(chip('Green')));
    expect(screen.getByTestId('q').textContent).toBe('luffy (c:red or c:green)');
    await act(async () => fireEvent.click(chip('Leader')));
    expect(screen.getByTestId('q').textContent).toBe('luffy (c:red or c:green) t:leader');
    await act(async () => fireEvent.click(chip('Red')));
    expect(screen.getByTestId('q').textContent).toBe('luffy t:leader c:green');
    expect(chip('Red').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Green').getAttribute('aria-pressed')).toBe('true');
  });

  it('a typed query lights its chips; terms the panel cannot show light none', async () => {
    await initTestI18n('en');
    mockApi(() => ({ subtypes: [], sets: [] }));
    renderWithProviders(<Panel initial="C:Blue r=sr -t:leader" onPatch={() => {}} />);
    expect(screen.getByRole('button', { name: 'Blue' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'SR' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Leader' }).getAttribute('aria-pressed')).toBe('false');
  });
});
