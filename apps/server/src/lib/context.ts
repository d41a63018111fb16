import type { Db } from '../db/client';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  log: Logger;
}

export interface AppEnv {
  Variables: { deps: AppDeps };
}
