import type { ScreeningService } from '@credence/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { collaterals, screeningResults } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type NewScreeningResult = {
  lenderId: number;
  applicationId: number;
  applicantId: number | null;
  service: ScreeningService;
  provider: string;
  outcome: string;
  result: Record<string, unknown>;
  createdByUserId: number;
};

export const insertResults = (tx: TenantTx, rows: NewScreeningResult[]) =>
  tx.insert(screeningResults).values(rows).returning({ id: screeningResults.id });

type ResultRow = {
  id: number;
  service: string;
  provider: string;
  applicant_id: number | null;
  outcome: string;
  result: Record<string, unknown>;
  created_at: Date;
  created_by: string | null;
};

/** The newest result of each service (and applicant, where the service is per applicant). */
export const newestResults = async (tx: TenantTx, applicationId: number, service?: ScreeningService) =>
  (
    await tx.execute<ResultRow>(sql`
      select distinct on (s.service, s.applicant_id) s.id, s.service, s.provider, s.applicant_id, s.outcome, s.result,
             s.created_at, u.full_name as created_by
        from screening_results s left join users u on u.id = s.created_by_user_id
       where s.application_id = ${applicationId} ${service ? sql`and s.service = ${service}` : sql``}
       order by s.service, s.applicant_id, s.created_at desc, s.id desc`)
  ).rows;

/** The vehicles of the application: collateral with a VIN. */
export const listVehicles = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      vin: collaterals.identificationNumber,
      year: collaterals.year,
      make: collaterals.make,
      model: collaterals.model,
    })
    .from(collaterals)
    .where(and(eq(collaterals.applicationId, applicationId), sql`length(${collaterals.identificationNumber}) = 17`));
