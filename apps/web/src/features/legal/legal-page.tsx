import { useTranslation } from 'react-i18next';
import { LegalDocumentView } from './components/legal-document';
import { PageTitle } from '@/components/page-title';

/**
 * A legal document page.
 * @public app/router.tsx renders it as `<m.LegalPage>` after a lazy import, a use knip does not see.
 */
export function LegalPage({ doc }: { doc: string }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageTitle title={t(`legal.titles.${doc}`)} />
      <LegalDocumentView doc={doc} />
    </>
  );
}
