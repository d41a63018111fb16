import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Badge } from './badge';

/**
 * The label of a demonstration price (PRICE_DEMO), wherever one reaches a person: a price, a value, a fired alert.
 * Texts come from the caller's namespace; `title` says what it means ("Demo prices — not market data").
 */
export function DemoBadge({ label, title, className, testId = 'demo-badge' }: { label: string; title: string; className?: string; testId?: string }) {
  return (
    <Badge className={cn('border-accent/40 bg-accent/10 text-accent', className)} title={title} data-testid={testId}>
      <FlaskConical className="mr-1 h-3 w-3" aria-hidden />
      {label}
      <span className="sr-only">{title}</span>
    </Badge>
  );
}
