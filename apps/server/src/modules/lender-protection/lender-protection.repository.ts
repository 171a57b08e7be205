import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  applicants,
  applicationFundingRequirements,
  applications,
  collaterals,
  creditReports,
  lenderProtectionCredentials,
  lenderProtectionResponses,
  loanProducts,
  users,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** The loan products lender protection insures: vehicles with a model year and a mileage. */
export const insurableControlTypes = ['AUTOMOTIVE', 'RV'] as const;

export const findApplication = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      lenderId: applications.lenderId,
      loanProductId: applications.loanProductId,
      controlType: loanProducts.controlType,
      direct: applications.direct,
      estAmtFinanced: applications.estAmtFinanced,
      termMonths: applications.termMonths,
      value: applications.value,
      totalBackEndFees: applications.totalBackEndFees,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.id, applicationId));
  return row;
};

/** The enabled credential that covers a product (its products include it, or it names none), first by id. */
export const findCredentialFor = async (tx: TenantTx, loanProductId: number) => {
  const [row] = await tx
    .select()
    .from(lenderProtectionCredentials)
    .where(
      and(
        eq(lenderProtectionCredentials.enabled, true),
        sql`(cardinality(${lenderProtectionCredentials.loanProductIds}) = 0 or ${loanProductId} = any(${lenderProtectionCredentials.loanProductIds}))`,
      ),
    )
    .orderBy(asc(lenderProtectionCredentials.id))
    .limit(1);
  return row;
};

export const findCredential = async (tx: TenantTx, id: number) => {
  const [row] = await tx.select().from(lenderProtectionCredentials).where(eq(lenderProtectionCredentials.id, id));
  return row;
};

/** The collaterals' value (their sum, as the policy facts take it) and the first vehicle's year and mileage. */
export const findCollateral = async (tx: TenantTx, applicationId: number) => {
  const rows = await tx
    .select({ value: collaterals.value, year: collaterals.year, mileage: collaterals.mileage })
    .from(collaterals)
    .where(eq(collaterals.applicationId, applicationId))
    .orderBy(asc(collaterals.sortOrder), asc(collaterals.id));
  return rows;
};

/** The borrowers' SSN last four digits (the sandbox's test cases). */
export const listSsnLast4 = async (tx: TenantTx, applicationId: number) =>
  (
    await tx
      .select({ last4: applicants.ssnLast4 })
      .from(applicants)
      .where(and(eq(applicants.applicationId, applicationId), sql`${applicants.role} <> 'NON_APPLICANT_SPOUSE'`))
      .orderBy(asc(applicants.sortOrder), asc(applicants.id))
  ).map((r) => r.last4);

/**
 * The borrowers' active credit reports: the date each was pulled (the lender's calendar), and whether the file
 * could be scored (primary first).
 */
export const listActiveReports = (tx: TenantTx, applicationId: number, timeZone: string) =>
  tx
    .select({
      reportDate: sql<string>`to_char(${creditReports.pulledAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      noRecordFound: creditReports.noRecordFound,
      frozen: creditReports.frozen,
      defaultScore: creditReports.defaultScore,
      role: applicants.role,
    })
    .from(creditReports)
    .innerJoin(applicants, eq(applicants.id, creditReports.applicantId))
    .where(
      and(
        eq(creditReports.applicationId, applicationId),
        eq(creditReports.isActive, true),
        sql`${applicants.role} <> 'NON_APPLICANT_SPOUSE'`,
      ),
    )
    .orderBy(sql`${applicants.role} = 'PRIMARY' desc`, asc(applicants.id));

export type ResponseRow = typeof lenderProtectionResponses.$inferSelect & { createdBy: string | null };

const responseColumns = {
  row: lenderProtectionResponses,
  createdBy: users.fullName,
};

export const listResponses = async (tx: TenantTx, applicationId: number, limit?: number): Promise<ResponseRow[]> => {
  const query = tx
    .select(responseColumns)
    .from(lenderProtectionResponses)
    .leftJoin(users, eq(users.id, lenderProtectionResponses.createdByUserId))
    .where(eq(lenderProtectionResponses.applicationId, applicationId))
    .orderBy(desc(lenderProtectionResponses.id))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((r) => ({ ...r.row, createdBy: r.createdBy }));
};

export const insertResponse = async (tx: TenantTx, values: typeof lenderProtectionResponses.$inferInsert) => {
  const [row] = await tx
    .insert(lenderProtectionResponses)
    .values(values)
    .returning({ id: lenderProtectionResponses.id });
  return row!.id;
};

/**
 * Spec 3 §4: the insurer's stipulations "are removed before each new response": every insurance stipulation of
 * the application that is still live is withdrawn (kept on file, as a decision's replaced stipulations are).
 */
export const withdrawInsuranceRequirements = (tx: TenantTx, applicationId: number) =>
  tx
    .update(applicationFundingRequirements)
    .set({ status: 'withdrawn', updatedAt: sql`now()`, statusChangedAt: sql`now()` })
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        eq(applicationFundingRequirements.source, 'insurance'),
        sql`${applicationFundingRequirements.status} <> 'withdrawn'`,
      ),
    );

export const insertRequirements = async (
  tx: TenantTx,
  rows: (typeof applicationFundingRequirements.$inferInsert)[],
) => {
  if (rows.length > 0) await tx.insert(applicationFundingRequirements).values(rows);
};

/** The lender's vehicle products (enabled or not), by name: the credentials' product choices. */
export const listInsurableProducts = (tx: TenantTx) =>
  tx
    .select({ id: loanProducts.id, name: loanProducts.name, enabled: loanProducts.enabled })
    .from(loanProducts)
    .where(inArray(loanProducts.controlType, [...insurableControlTypes]))
    .orderBy(asc(loanProducts.name));

/** Which of these product ids are not the lender's vehicle products. */
export const unknownProducts = async (tx: TenantTx, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const known = new Set((await listInsurableProducts(tx)).map((p) => p.id));
  return ids.filter((id) => !known.has(id));
};
