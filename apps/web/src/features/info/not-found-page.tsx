import { Compass } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { PageTitle } from '@/components/page-title';

/** Any address the app does not know: a heading, a search of the card library, and the ways home. */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    void navigate(text ? `/cards?q=${encodeURIComponent(text)}` : '/cards');
  };
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center" data-testid="not-found">
      <PageTitle title={t('notFound.title')} />
      <Compass className="h-12 w-12 text-muted" aria-hidden />
      <h1 className="text-2xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="text-sm text-muted">{t('notFound.text')}</p>
      <form role="search" onSubmit={search} className="flex w-full max-w-md gap-2" data-testid="not-found-search">
        <SearchInput label={t('notFound.search')} placeholder={t('notFound.searchPlaceholder')} value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} className="flex-1" />
        <Button type="submit">{t('notFound.searchAction')}</Button>
      </form>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" className={buttonClass('primary')}>
          {t('notFound.home')}
        </Link>
        <Link to="/cards" className={buttonClass('secondary')}>
          {t('notFound.library')}
        </Link>
      </div>
    </div>
  );
}
