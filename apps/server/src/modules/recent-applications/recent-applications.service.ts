import type { RecentApplication } from '@credence/contracts';
import type { ApplicationState } from '@credence/domain';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import * as repo from './recent-applications.repository.ts';

export const getRecentApplications = (db: Db, auth: AuthContext): Promise<RecentApplication[]> =>
  withTenant(db, auth.lenderId, async (tx) =>
    (await repo.listRecentApplications(tx, { lenderId: auth.lenderId, userId: auth.userId })).map((r) => ({
      applicationId: r.application_id,
      applicantName: r.applicant_name,
      state: r.state as ApplicationState,
      lockingUser: r.locking_user,
      loanProduct: r.loan_product,
    })),
  );
