import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { DEFAULT_TOURNAMENT_CONFIG, tournamentConfigFromEnv } from './tournament-config';

const config = (vars: Record<string, string>) => tournamentConfigFromEnv(loadEnv(vars));

describe('the tournament sources a server reads (TOURNAMENT_SOURCES and the LIMITLESS_/TOURNAMENT_FETCH_ variables)', () => {
  it('configures no source by default, with the defaults the docs give', () => {
    expect(config({})).toEqual(DEFAULT_TOURNAMENT_CONFIG);
    expect(DEFAULT_TOURNAMENT_CONFIG).toMatchObject({ sources: [], cron: '30 4 * * *', limitlessBaseUrl: 'https://play.limitlesstcg.com/api', pageSize: 50 });
  });

  it('reads limitless in any case and spacing, its base without trailing slashes, and its access key', () => {
    expect(
      config({
        TOURNAMENT_SOURCES: ' Limitless , limitless ',
        LIMITLESS_BASE_URL: 'http://127.0.0.1:9/api//',
        LIMITLESS_API_KEY: 'key-1',
        TOURNAMENT_FETCH_CRON: '0 6 * * 1',
        TOURNAMENT_FETCH_TIMEOUT_MS: '5000',
        TOURNAMENT_FETCH_PAGE_SIZE: '25',
        TOURNAMENT_FETCH_MAX: '10',
        TOURNAMENT_FETCH_PAUSE_MS: '0',
      }),
    ).toEqual({
      sources: ['limitless'],
      cron: '0 6 * * 1',
      limitlessBaseUrl: 'http://127.0.0.1:9/api',
      limitlessApiKey: 'key-1',
      timeoutMs: 5000,
      pageSize: 25,
      maxPerRun: 10,
      pauseMs: 0,
      backoffMs: 5_000,
    });
  });

  it('stops the start on a wrong value, saying what to set', () => {
    expect(() => config({ TOURNAMENT_SOURCES: 'limitless,melee' })).toThrow('TOURNAMENT_SOURCES names unknown sources: melee (use limitless, or leave it empty)');
    expect(() => config({ LIMITLESS_BASE_URL: 'play.limitlesstcg.com' })).toThrow(/LIMITLESS_BASE_URL must be a URL/);
    expect(() => config({ TOURNAMENT_FETCH_CRON: 'daily' })).toThrow(/TOURNAMENT_FETCH_CRON "daily" is not a cron pattern .*e\.g\. 30 4 \* \* \*/);
    expect(() => config({ TOURNAMENT_FETCH_TIMEOUT_MS: '10' })).toThrow(/TOURNAMENT_FETCH_TIMEOUT_MS/);
    expect(() => config({ TOURNAMENT_FETCH_PAGE_SIZE: '0' })).toThrow(/TOURNAMENT_FETCH_PAGE_SIZE/);
    expect(() => config({ TOURNAMENT_FETCH_MAX: 'many' })).toThrow(/TOURNAMENT_FETCH_MAX/);
    expect(() => config({ TOURNAMENT_FETCH_PAUSE_MS: '-1' })).toThrow(/TOURNAMENT_FETCH_PAUSE_MS/);
  });
});
