/** Legal documents served as Markdown at /legal/{doc}/{date}/{locale}.md (spec §7, §9). */
export const LEGAL_DOCUMENTS = [
  'terms-of-service',
  'privacy-policy',
  'cookies-policy',
  'privacy-legacy',
  'impressum',
] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_VERSION = '1.0';
export const LEGAL_DATE = '2025-09-24';

export const legalDocumentPath = (doc: LegalDocument, locale: string, date: string = LEGAL_DATE) =>
  `/legal/${doc}/${date}/${locale}.md`;
