import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardImage } from './card-image';

const card = { name: 'Roronoa Zoro', cardNumber: 'OP01-001', colors: ['Red'] as const, artworkUrl: 'https://cards.example/OP01-001.png', cardType: 'Leader' as const };

describe('CardImage', () => {
  it('shows the designed placeholder with name and number until the art loads', () => {
    const { container } = render(<CardImage card={{ ...card, colors: [...card.colors] }} />);
    const placeholder = screen.getByTestId('card-placeholder');
    expect(placeholder.textContent).toContain('Roronoa Zoro');
    expect(placeholder.textContent).toContain('OP01-001');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.load(img);
    expect(screen.queryByTestId('card-placeholder')).toBeNull();
  });

  it('never leaves a broken image: a failed load removes the <img> and keeps the placeholder', () => {
    const { container } = render(<CardImage card={{ ...card, colors: ['Red', 'Green'] }} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('card-placeholder').getAttribute('style')).toContain('linear-gradient(135deg');
  });

  it('shows only the placeholder when the card has no art', () => {
    const { container } = render(<CardImage card={{ ...card, colors: ['Red'], artworkUrl: null }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('card-placeholder')).toBeTruthy();
  });
});
