import { cn } from '@/lib/cn';

/**
 * Each flag of country-flag-icons as its own small SVG file, fetched only when a profile shows it (emoji flags are
 * missing from many Linux and Windows fonts; the whole set as components is 1.4 MB). The map holds only addresses.
 */
const FLAGS = import.meta.glob<string>('../../../../../../node_modules/country-flag-icons/3x2/*.svg', { query: '?no-inline', import: 'default', eager: true });
const flagOf = (code: string) => FLAGS[`../../../../../../node_modules/country-flag-icons/3x2/${code.toUpperCase()}.svg`];

/** A country's flag beside its name (the name is the label; the flag is decoration). */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const url = flagOf(code);
  if (!url) return null;
  return <img src={url} alt="" aria-hidden width={21} height={14} className={cn('inline-block h-3.5 w-[1.3rem] shrink-0 rounded-[2px] shadow-sm ring-1 ring-black/10', className)} />;
}
