import type { Db } from '../db/client';
import type { SessionUser } from '../features/account/account.service';
import type { Auth } from '../features/auth/auth';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  log: Logger;
  auth?: Auth;
  config: { trustProxy: boolean; geoipUrl?: string };
}

export interface AppEnv {
  Variables: { deps: AppDeps; user: SessionUser };
}
