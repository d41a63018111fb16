import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import ptCommon from '../locales/pt/common.json';

/** i18next with the real en and pt common bundles, for component and message tests. */
export async function initTestI18n(lng: 'en' | 'pt' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: { en: { common: enCommon }, pt: { common: ptCommon } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await i18next.changeLanguage(lng);
  return i18next;
}
