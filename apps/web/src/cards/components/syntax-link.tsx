import { CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The search box's help: the syntax page (/cards/syntax). */
export function SyntaxLink() {
  const { t } = useTranslation('cards');
  return (
    <Link
      to="/cards/syntax"
      className="inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg"
      data-testid="syntax-link"
    >
      <CircleHelp className="h-3.5 w-3.5" aria-hidden />
      {t('search.syntax')}
    </Link>
  );
}
