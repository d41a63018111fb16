import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en/common.json';
import pt from '@/locales/pt/common.json';
import { notify } from '@/lib/toast';
import { initTestI18n } from '@/test/i18n';
import { AppFrame } from './app';

/** sonner's live region: a <section> labelled with the translated "Notifications" and its shortcut. */
const region = () => document.querySelector('section[aria-relevant="additions text"]');

beforeAll(async () => {
  await initTestI18n('pt');
});

describe('the toaster (issue 45: sonner loaded only when a toast is asked for)', () => {
  it('is not in the page until a toast is asked for; then its translated region arrives before the toast', async () => {
    render(
      <AppFrame>
        <p>page</p>
      </AppFrame>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    // Nothing asked for yet: no region, so sonner's code was never needed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(region()).toBeNull();

    act(() => notify.success('Carta adicionada'));
    // The region first, empty (a screen reader learns of it), in the interface's language…
    await screen.findByRole('region', { name: new RegExp(`^${pt.toast.region}`) });
    expect(region()?.getAttribute('aria-label')).not.toContain(en.toast.region);
    expect(screen.queryByText('Carta adicionada')).toBeNull();
    // …then the toast inside it, a moment later.
    expect(await screen.findByText('Carta adicionada')).toBeTruthy();
    expect(region()?.textContent).toContain('Carta adicionada');
  });
});
