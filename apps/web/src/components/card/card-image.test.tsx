import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardImage } from './card-image';

const card = { id: 7, name: 'Roronoa Zoro', cardNumber: 'OP01-001', colors: ['Red'] as const, artworkUrl: 'https://cards.example/OP01-001.png', cardType: 'Leader' as const };

describe('CardImage', () => {
  it('shows the designed placeholder with name and number until the art loads', () => {
    const { container } = render(<CardImage card={{ ...card, colors: [...card.colors] }} />);
    const placeholder = screen.getByTestId('card-placeholder');
    expect(placeholder.textContent).toContain('Roronoa Zoro');
    expect(placeholder.textContent).toContain('OP01-001');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    // Our server's thumbnails at each width it makes, never the publisher's full-size PNG.
    expect(img.getAttribute('src')).toBe('/img/cards/7/320.webp');
    expect(img.getAttribute('srcset')).toBe('/img/cards/7/160.webp 160w, /img/cards/7/320.webp 320w, /img/cards/7/640.webp 640w');
    expect(img.getAttribute('sizes')).toContain('48vw');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    fireEvent.load(img);
    expect(placeholder.hidden).toBe(true);
    expect(img.dataset.loaded).toBe('true');
  });

  it('never leaves a broken image: a failed load hides the <img> and keeps the placeholder, now readable', () => {
    const { container } = render(<CardImage card={{ ...card, colors: ['Red', 'Green'] }} />);
    const img = container.querySelector('img')!;
    fireEvent.error(img);
    expect(img.hidden).toBe(true);
    const placeholder = screen.getByTestId('card-placeholder');
    expect(placeholder.hidden).toBe(false);
    expect(placeholder.hasAttribute('aria-hidden')).toBe(false);
    expect(placeholder.getAttribute('style')).toContain('linear-gradient(135deg');
  });

  it('starts from the placeholder again when the card changes', () => {
    const { container, rerender } = render(<CardImage card={{ ...card, colors: ['Red'] }} />);
    fireEvent.load(container.querySelector('img')!);
    rerender(<CardImage card={{ ...card, id: 8, colors: ['Red'], artworkUrl: 'https://cards.example/OP01-002.png' }} />);
    expect(screen.getByTestId('card-placeholder').hidden).toBe(false);
    expect(container.querySelector('img')!.dataset.loaded).toBeUndefined();
  });

  it('shows only the placeholder when the card has no art', () => {
    const { container } = render(<CardImage card={{ ...card, colors: ['Red'], artworkUrl: null }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('card-placeholder')).toBeTruthy();
  });
});
