import type { CurrencyCode } from '@grandline/core/money/currencies';
import { currencyInfo } from '@grandline/core/money/currencies';
import { AR, BR, CA, CL, CO, EU, GB, JP, MX, US } from 'country-flag-icons/react/3x2';
import { cn } from '@/lib/cn';

const FLAGS = { AR, BR, CA, CL, CO, EU, GB, JP, MX, US } as const;

/** The currency's flag as an SVG (emoji flags are missing from many Linux and Windows fonts). */
export function CurrencyFlag({ code, className }: { code: CurrencyCode; className?: string }) {
  const Flag = FLAGS[currencyInfo(code).country as keyof typeof FLAGS];
  return <Flag aria-hidden className={cn('inline-block h-3.5 w-[1.3rem] shrink-0 rounded-[2px] shadow-sm ring-1 ring-black/10', className)} />;
}
