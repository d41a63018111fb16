import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { setHydrating } from '@/lib/use-hydrated';
import { initTestI18n } from '@/test/i18n';
import { BinderUpdated } from './binder-updated';

const AT = '2026-11-29T23:30:00.000Z';

beforeAll(() => initTestI18n('en'));
afterEach(() => setHydrating(false));

describe('BinderUpdated', () => {
  // The binder's header once drew the line only after hydration: on a phone it wrapped onto a line of its own and
  // pushed the page down (0.017 of layout shift on an owner's binder at 390 px, bench/phone-shift.ts).
  it('holds its place in the server’s drawing: the date in UTC, hidden', () => {
    setHydrating(true);
    const html = renderToString(<BinderUpdated at={AT} />);
    expect(html).toContain('data-testid="binder-updated"');
    expect(html).toContain('class="invisible"');
    expect(html).toContain(`Updated ${formatDate(AT, { dateStyle: 'medium', timeZone: 'UTC' })}`);
  });

  it('shows the date in the browser’s time zone in a page drawn by the browser', () => {
    render(<BinderUpdated at={AT} />);
    const line = screen.getByTestId('binder-updated');
    expect(line.className).not.toContain('invisible');
    expect(line.textContent).toBe(`Updated ${formatDate(AT)}`);
  });
});
