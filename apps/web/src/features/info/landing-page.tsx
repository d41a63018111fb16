import { ArrowRight, BadgeDollarSign, FolderHeart, Hammer, Library, LineChart, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardTile } from '@/components/card/card-tile';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useShowcase } from './api/get-showcase';
import { PageTitle } from '@/components/page-title';
import { PricingTable } from '@/features/settings/components/pricing-table';

const FEATURES = [
  { key: 'library', icon: Library },
  { key: 'decks', icon: Hammer },
  { key: 'binders', icon: FolderHeart },
  { key: 'prices', icon: BadgeDollarSign },
  { key: 'history', icon: LineChart },
  { key: 'search', icon: Search },
] as const;

export function LandingPage() {
  const { t } = useTranslation('pages');
  const showcase = useShowcase();
  return (
    <div className="flex flex-col gap-16">
      <PageTitle />
      <section className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-surface via-surface to-surface-2 px-6 py-12 sm:px-10 sm:py-16">
        <div
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_0%,rgb(216_52_44/0.22),transparent_40%),radial-gradient(circle_at_70%_100%,rgb(245_184_46/0.18),transparent_45%)]"
          aria-hidden
        />
        <div className="relative max-w-2xl">
          <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-accent">{t('landing.eyebrow')}</p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('landing.title')}</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">{t('landing.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/cards" className={buttonClass('primary', 'lg')} data-testid="cta-library">
              {t('landing.ctaLibrary')}
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
            <Link to="/sets" className={buttonClass('secondary', 'lg')}>
              {t('landing.ctaSets')}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="showcase-title">
        <div className="mb-4 flex items-end justify-between gap-3">
          <h2 id="showcase-title" className="text-xl font-bold tracking-tight">
            {t('landing.showcaseTitle')}
          </h2>
          <Link to="/cards?type=Leader&variations=false" className="text-sm font-medium text-accent hover:underline">
            {t('landing.showcaseMore')}
          </Link>
        </div>
        {showcase.data ? (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {showcase.data.items.map((card, i) => (
              <CardTile key={card.id} card={card} eager={i < 2} />
            ))}
          </ul>
        ) : showcase.isError ? (
          <p className="text-sm text-muted">{t('landing.showcaseError')}</p>
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-[600/838]" />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="mb-6 text-xl font-bold tracking-tight">
          {t('landing.featuresTitle')}
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-border bg-surface p-5">
              <Icon className="mb-3 h-6 w-6 text-accent" aria-hidden />
              <h3 className="font-semibold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted">{t(`landing.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20">
        <div className="mx-auto mb-6 max-w-2xl text-center">
          <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-accent">{t('pricing.eyebrow')}</p>
          <h2 id="pricing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pricing.title')}
          </h2>
          <p className="mt-3 leading-relaxed text-muted">{t('pricing.lead')}</p>
        </div>
        <PricingTable />
      </section>
    </div>
  );
}
