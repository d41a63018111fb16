import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addNumberFormat } from '@/lib/format';
import { MISSING_KEYS } from '@/lib/i18n';
import enAccount from '@/locales/en/account.json';
import enBinders from '@/locales/en/binders.json';
import enCards from '@/locales/en/cards.json';
import enCommon from '@/locales/en/common.json';
import enDecks from '@/locales/en/decks.json';
import enPrices from '@/locales/en/prices.json';
import esAccount from '@/locales/es/account.json';
import esBinders from '@/locales/es/binders.json';
import esCards from '@/locales/es/cards.json';
import esCommon from '@/locales/es/common.json';
import esDecks from '@/locales/es/decks.json';
import esPrices from '@/locales/es/prices.json';
import ptAccount from '@/locales/pt/account.json';
import ptBinders from '@/locales/pt/binders.json';
import ptCards from '@/locales/pt/cards.json';
import ptCommon from '@/locales/pt/common.json';
import ptDecks from '@/locales/pt/decks.json';
import ptPrices from '@/locales/pt/prices.json';

/** i18next with the real en, pt and es bundles (common, account and the features' own messages), configured like the app. */
export async function initTestI18n(lng: 'en' | 'pt' | 'es' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: {
        en: { common: enCommon, account: enAccount, binders: enBinders, decks: enDecks, cards: enCards, prices: enPrices },
        pt: { common: ptCommon, account: ptAccount, binders: ptBinders, decks: ptDecks, cards: ptCards, prices: ptPrices },
        es: { common: esCommon, account: esAccount, binders: esBinders, decks: esDecks, cards: esCards, prices: esPrices },
      },
      ns: ['common', 'account', 'binders', 'decks', 'cards', 'prices'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false, nsMode: 'fallback' },
      ...MISSING_KEYS,
    });
    addNumberFormat(i18next);
  }
  await i18next.changeLanguage(lng);
  return i18next;
}
