import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service: 'grand-line' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
