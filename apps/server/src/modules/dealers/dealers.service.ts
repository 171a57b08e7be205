import { messages, type Dealer } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import * as repo from './dealers.repository.ts';

export const toDealerView = (d: repo.DealerRow): Dealer => ({
  id: d.id,
  name: d.name,
  addressLine1: d.addressLine1,
  addressLine2: d.addressLine2,
  city: d.city,
  state: d.state,
  zip: d.zip,
  phoneNumber: d.phoneNumber,
  faxNumber: d.faxNumber,
  mainContactEmail: d.mainContactEmail,
  mainContactName: d.mainContactName,
  enabled: d.enabled,
});

const UNIQUE_VIOLATION = '23505';
const isNameTaken = (error: unknown) => {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return cause.code === UNIQUE_VIOLATION && cause.constraint === 'dealers_lender_name_key';
};

/** Runs a dealer write; a name already used by another dealer of the lender is a 422 on `name`. */
const withUniqueName = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isNameTaken(error)) throw fieldError('name', messages.dealers.nameTaken);
    throw error;
  }
};

export const listDealers = (db: Db, auth: AuthContext, enabled: boolean | undefined) =>
  withTenant(db, auth.lenderId, async (tx) => (await repo.listDealers(tx, enabled)).map(toDealerView));

export const createDealer = (db: Db, auth: AuthContext, values: repo.DealerValues) =>
  withUniqueName(() =>
    withTenant(db, auth.lenderId, async (tx) => toDealerView(await repo.insertDealer(tx, auth.lenderId, values))),
  );

export const updateDealer = (db: Db, auth: AuthContext, id: number, values: repo.DealerValues) =>
  withUniqueName(() =>
    withTenant(db, auth.lenderId, async (tx) => {
      const row = await repo.updateDealer(tx, id, values);
      if (!row) throw notFound();
      return toDealerView(row);
    }),
  );
