import { useTranslation } from 'react-i18next';
import { LegalDocumentView } from './components/legal-document';
import { PageTitle } from '@/components/page-title';

/** A legal document page. */
export function LegalPage({ doc }: { doc: string }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageTitle title={t(`legal.titles.${doc}`)} />
      <LegalDocumentView doc={doc} />
    </>
  );
}
