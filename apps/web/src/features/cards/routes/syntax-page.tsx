import { ArrowLeft, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/page-title';
import { SYNTAX_SECTIONS } from '@/features/cards/utils/syntax-sections';

/** /cards/syntax: every keyword of the search language, with examples that open the library on that search. */
export function SyntaxPage() {
  const { t } = useTranslation('search');
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={t('title')} />
      <Link to="/cards" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('back')}
      </Link>
      <PageHeader title={t('title')} description={t('lead')} />
      <nav aria-label={t('contents')} className="mb-6 flex flex-wrap gap-1.5">
        {SYNTAX_SECTIONS.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium hover:bg-surface-2">
            {t(`sections.${s.id}.title`)}
          </a>
        ))}
      </nav>
      <div className="flex flex-col gap-4">
        {SYNTAX_SECTIONS.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} data-keywords={s.keywords.join(' ')} className="scroll-mt-20 rounded-xl border border-border bg-surface p-4 sm:p-5">
            <h2 id={`${s.id}-title`} className="text-lg font-semibold">
              {t(`sections.${s.id}.title`)}
            </h2>
            <p className="mt-1 flex flex-wrap gap-1.5" aria-label={t('forms')}>
              {s.forms.map((f) => (
                <code key={f} className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs">
                  {f}
                </code>
              ))}
            </p>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t(`sections.${s.id}.text`)}</p>
            <ul className="mt-3 flex flex-col gap-1.5">
              {s.examples.map((e) => (
                <li key={e.id}>
                  <Link
                    to={`/cards?${new URLSearchParams({ q: e.q }).toString()}`}
                    className="group flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-lg px-2 py-1.5 hover:bg-surface-2"
                    data-testid="syntax-example"
                  >
                    <span className="inline-flex items-center gap-1.5 font-mono text-sm font-semibold text-fg underline-offset-2 group-hover:underline">
                      <Play className="h-3 w-3 shrink-0" aria-hidden />
                      {e.q}
                    </span>
                    <span className="text-sm text-muted group-hover:text-fg">{t(`examples.${e.id}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
