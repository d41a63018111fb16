import { cardT as t } from './card-t';
import { cn } from '@/lib/cn';

export const COLOR_CLASS: Record<string, string> = {
  Red: 'bg-op-red',
  Green: 'bg-op-green',
  Blue: 'bg-op-blue',
  Purple: 'bg-op-purple',
  Black: 'bg-op-black',
  Yellow: 'bg-op-yellow',
};

export const COLOR_HEX: Record<string, string> = {
  Red: '#d8342c',
  Green: '#1f9d63',
  Blue: '#2b6fd6',
  Purple: '#8049c9',
  Black: '#3b3f4a',
  Yellow: '#e2b10f',
};

export function ColorDots({ colors, className }: { colors: readonly string[]; className?: string }) {
  const label = colors.map((c) => t(`colors.${c}`)).join(' / ');
  return (
    <span className={cn('inline-flex items-center gap-1', className)} role="img" aria-label={label} title={label}>
      {colors.map((c) => (
        <span key={c} className={cn('h-3 w-3 rounded-full ring-1 ring-black/20', COLOR_CLASS[c] ?? 'bg-muted')} />
      ))}
    </span>
  );
}
