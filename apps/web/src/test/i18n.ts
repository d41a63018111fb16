import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '@/locales/en/account.json';
import enCommon from '@/locales/en/common.json';
import ptAccount from '@/locales/pt/account.json';
import ptCommon from '@/locales/pt/common.json';

/** i18next with the real en and pt common and account bundles, configured like the app. */
export async function initTestI18n(lng: 'en' | 'pt' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: { en: { common: enCommon, account: enAccount }, pt: { common: ptCommon, account: ptAccount } },
      ns: ['common', 'account'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false, nsMode: 'fallback' },
    });
  }
  await i18next.changeLanguage(lng);
  return i18next;
}
