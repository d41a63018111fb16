import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './misc';

/** A failed load: its title, an optional hint and a retry button. */
export function ErrorState({ title, hint, onRetry }: { title: string; hint?: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {hint}
    </EmptyState>
  );
}

/** Something asked for by its address that does not exist. */
export function NotFoundState({ title, hint }: { title: string; hint: ReactNode }) {
  return (
    <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={title}>
      {hint}
    </EmptyState>
  );
}
