import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('cards');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex items-center justify-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        {t('pagination.previous')}
      </Button>
      <span className="text-sm tabular-nums text-muted" aria-live="polite">
        {t('pagination.pageOf', { page, count: pageCount })}
      </span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
