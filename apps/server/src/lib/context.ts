import type { Db } from '../db/client';
import type { SessionUser } from '../features/account/account.service';
import type { Auth } from '../features/auth/auth';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  log: Logger;
  auth?: Auth;
  config: {
    trustProxy: boolean | number;
    geoipUrl?: string;
    /** Largest request body under /api (JSON), and largest uploaded file (binder import), in bytes. */
    maxJsonBodyBytes: number;
    maxUploadBytes: number;
  };
}

export interface AppEnv {
  Variables: { deps: AppDeps; user: SessionUser };
}
