import { LEGAL_DATE, LEGAL_VERSION, legalDocumentPath, type LegalDocument } from '@grandline/core/legal';
import { useQuery } from '@tanstack/react-query';
import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchText } from '@/lib/api-client';

/** A legal document rendered from its Markdown file in the current language (English when missing). */
export function LegalDocumentView({ doc }: { doc: string }) {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['legal', doc, LEGAL_DATE, locale],
    queryFn: ({ signal }) => fetchText(legalDocumentPath(doc as LegalDocument, locale), { signal }),
    staleTime: 60 * 60_000,
  });

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl" aria-busy="true">
        <Skeleton className="mb-4 h-10 w-2/3" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="mb-2 h-4 w-full" />
        ))}
      </div>
    );
  }
  if (isError || data === null) {
    return (
      <div className="mx-auto max-w-2xl">
        <EmptyState
          icon={<FileWarning className="h-10 w-10" aria-hidden />}
          title={t('legal.unavailableTitle')}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('legal.retry')}
            </Button>
          }
        >
          {t('legal.unavailableText')}
        </EmptyState>
      </div>
    );
  }
  return (
    <article className="legal-doc mx-auto max-w-3xl" data-testid="legal-document">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted">{t('legal.versionLabel', { version: LEGAL_VERSION, date: LEGAL_DATE })}</p>
      <Markdown
        components={{
          h1: (p) => <h1 className="mb-4 text-3xl font-bold tracking-tight" {...p} />,
          h2: (p) => <h2 className="mb-3 mt-8 text-xl font-semibold" {...p} />,
          h3: (p) => <h3 className="mb-2 mt-6 text-lg font-semibold" {...p} />,
          p: (p) => <p className="mb-4 leading-relaxed text-fg/90" {...p} />,
          ul: (p) => <ul className="mb-4 list-disc space-y-1.5 pl-6" {...p} />,
          ol: (p) => <ol className="mb-4 list-decimal space-y-1.5 pl-6" {...p} />,
          a: (p) => <a className="font-medium text-accent underline underline-offset-2" {...p} />,
          table: (p) => (
            <div className="mb-4 overflow-x-auto rounded-lg border border-border">
              <table className="w-full text-left text-sm" {...p} />
            </div>
          ),
          th: (p) => <th className="bg-surface-2 px-3 py-2 font-semibold" {...p} />,
          td: (p) => <td className="border-t border-border px-3 py-2 align-top" {...p} />,
        }}
      >
        {data}
      </Markdown>
    </article>
  );
}
