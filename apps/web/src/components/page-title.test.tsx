import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { PageTitle } from './page-title';

describe('PageTitle', () => {
  beforeAll(async () => {
    await initTestI18n('en');
  });

  it("names the tab '{title} · Grand Line' while the page is shown, before the static title of index.html", () => {
    const fallback = document.createElement('title');
    fallback.textContent = 'Grand Line — One Piece TCG companion';
    document.head.append(fallback);
    const page = render(<PageTitle title="Cards" />);
    expect(document.title).toBe('Cards · Grand Line');
    page.rerender(<PageTitle title="Sets" />);
    expect(document.title).toBe('Sets · Grand Line');
    page.unmount();
    expect(document.title).toBe('Grand Line — One Piece TCG companion');
    fallback.remove();
  });

  it('gives the home page the site title, in the UI language', async () => {
    const page = render(<PageTitle />);
    expect(document.title).toBe('Grand Line — One Piece TCG companion');
    page.unmount();
    await initTestI18n('pt');
    const pt = render(<PageTitle />);
    expect(document.title).toBe('Grand Line — seu companheiro de One Piece TCG');
    pt.unmount();
    await initTestI18n('en');
  });
});
