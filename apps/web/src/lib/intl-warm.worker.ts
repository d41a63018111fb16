/*
 * Makes the browser load its number and date formatting data (ICU) on a worker thread, while the app's code downloads.
 * That data is shared by the whole page, and the first Intl formatter built loads it: 20-30 ms on a fast machine, four
 * times that on a phone, which otherwise fell in the middle of the first render (the first count or price shown).
 * Started by main.tsx with the page's language; closes itself when done.
 */
import { languageLocale } from '@grandline/core/locales';

addEventListener('message', (event: MessageEvent) => {
  try {
    const locale = languageLocale(typeof event.data === 'string' ? event.data : undefined);
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
    new Intl.PluralRules(locale).select(1);
  } finally {
    close();
  }
});
