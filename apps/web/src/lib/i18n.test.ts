// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';

describe('missing translation keys', () => {
  beforeAll(async () => {
    await initTestI18n('pt');
  });
  afterEach(async () => {
    delete window.__i18nMissing;
    await i18next.changeLanguage('pt');
  });

  it('are not collected unless window.__i18nMissing exists', () => {
    expect(i18next.t('no.such.key')).toBe('no.such.key');
    expect(window.__i18nMissing).toBeUndefined();
  });

  it('are collected once each, with the language and namespace asked, when no namespace and no language has them', () => {
    window.__i18nMissing = [];
    i18next.t('no.such.key');
    i18next.t('no.such.key');
    i18next.t('cards:nor.this', { count: 3 });
    i18next.t('nor.that', { ns: ['account', 'common'] });
    expect(window.__i18nMissing).toEqual(['pt/common:no.such.key', 'pt/cards:nor.this', 'pt/common:nor.that']);
  });

  it('are not a key found in a later namespace of the list, or in the English fallback', () => {
    window.__i18nMissing = [];
    // actions.retry is in common only; looked up in account, then common (nsMode 'fallback').
    expect(i18next.t('actions.retry', { ns: ['account', 'common'] })).not.toBe('actions.retry');
    i18next.addResource('en', 'common', 'onlyInEnglish', 'English only');
    expect(i18next.t('onlyInEnglish')).toBe('English only');
    expect(i18next.t('resultCount', { ns: 'cards', count: 0 })).toBe('0 cartas');
    expect(window.__i18nMissing).toEqual([]);
  });
});
