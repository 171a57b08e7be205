import type { AppDeps } from '../../platform/app-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDataProtector, type DataProtector } from '../../platform/crypto.ts';

/** What the application modules' services need: the database, the settings and the personal-data protector. */
export type ApplicationDeps = { db: Db; config: Config; protector: DataProtector };

const protectors = new WeakMap<Buffer, DataProtector>();

export const applicationDeps = ({ db, config }: AppDeps): ApplicationDeps => {
  let protector = protectors.get(config.dataEncryptionKey);
  if (!protector) {
    protector = createDataProtector(config.dataEncryptionKey);
    protectors.set(config.dataEncryptionKey, protector);
  }
  return { db, config, protector };
};
