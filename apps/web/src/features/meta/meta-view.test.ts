import { describe, expect, it } from 'vitest';
import { addDays, leaderPath, metaParamsOf, metaPath, metaQueryOf, metaViewFromParams, todayUtc } from './meta-view';

const view = (search: string) => metaViewFromParams(new URLSearchParams(search));

describe('the meta view in the address', () => {
  it('defaults to the last 30 days of standard, and leaves the defaults out of the address', () => {
    expect(view('')).toEqual({ window: '30', format: 'standard' });
    expect(metaParamsOf(view('')).toString()).toBe('');
    expect(metaPath(view('window=30&format=standard'))).toBe('/meta');
  });

  it('reads a preset window and a format, and writes them back', () => {
    expect(view('window=90&format=all')).toEqual({ window: '90', format: 'all' });
    expect(metaParamsOf(view('window=7&format=extra')).toString()).toBe('window=7&format=extra');
  });

  it('falls back to the defaults on an unknown window or format', () => {
    expect(view('window=365&format=vintage')).toEqual({ window: '30', format: 'standard' });
  });

  it('reads a custom window, the right way round, and drops a malformed or impossible day', () => {
    expect(view('window=custom&from=2025-05-01&to=2025-05-31')).toEqual({ window: 'custom', format: 'standard', from: '2025-05-01', to: '2025-05-31' });
    expect(view('window=custom&from=2025-05-31&to=2025-05-01')).toMatchObject({ from: '2025-05-01', to: '2025-05-31' });
    expect(view('window=custom&from=2025-02-30&to=yesterday')).toEqual({ window: 'custom', format: 'standard' });
  });

  it('ignores from and to without a custom window', () => {
    expect(view('from=2025-05-01')).toEqual({ window: '30', format: 'standard' });
    expect(metaParamsOf({ window: '7', format: 'standard', from: '2025-05-01' }).has('from')).toBe(false);
  });

  it('keeps the page\'s other parameters', () => {
    const keep = new URLSearchParams('list=abc&window=7');
    expect(metaParamsOf({ window: '90', format: 'all' }, keep).toString()).toBe('list=abc&window=90&format=all');
  });
});

describe('what the API is asked', () => {
  const today = '2025-06-10';

  it('asks the API\'s default window for the last 30 days (as the deck page does)', () => {
    expect(metaQueryOf({ window: '30', format: 'standard' }, today)).toEqual({ format: 'standard' });
  });

  it('asks 7 and 90 days ending today', () => {
    expect(metaQueryOf({ window: '7', format: 'all' }, today)).toEqual({ format: 'all', from: '2025-06-04', to: '2025-06-10' });
    expect(metaQueryOf({ window: '90', format: 'extra' }, today)).toEqual({ format: 'extra', from: '2025-03-13', to: '2025-06-10' });
  });

  it('asks a custom window as given, an open bound left to the API', () => {
    expect(metaQueryOf({ window: 'custom', format: 'standard', from: '2025-01-01' }, today)).toEqual({ format: 'standard', from: '2025-01-01' });
  });

  it('counts days in UTC across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(todayUtc(new Date('2025-06-10T23:59:59-03:00'))).toBe('2025-06-11');
  });
});

describe('links', () => {
  it('links a leader with the same view and a chosen list', () => {
    expect(leaderPath('OP05-098')).toBe('/meta/leaders/OP05-098');
    expect(leaderPath('OP05-098', { window: '90', format: 'standard' }, 'deck-1')).toBe('/meta/leaders/OP05-098?window=90&list=deck-1');
  });
});
