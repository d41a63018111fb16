import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalDocumentView } from './components/legal-document';

/** A legal document page. */
export function LegalPage({ doc }: { doc: string }) {
  const { t } = useTranslation('pages');
  useEffect(() => {
    document.title = `${t(`legal.titles.${doc}`)} · Grand Line`;
  }, [t, doc]);
  return <LegalDocumentView doc={doc} />;
}
