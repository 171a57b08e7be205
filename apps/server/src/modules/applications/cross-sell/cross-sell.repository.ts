import { and, asc, eq } from 'drizzle-orm';
import {
  applicants,
  creditReports,
  creditReportTradelines,
  crossSellSettings,
  loanProducts,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type CrossSellSettingRow = typeof crossSellSettings.$inferSelect;

export const listEnabledSettings = (tx: TenantTx, type: 'RefiCrossSell' | 'InternalCrossSell') =>
  tx
    .select({ setting: crossSellSettings, controlType: loanProducts.controlType, productName: loanProducts.name })
    .from(crossSellSettings)
    .innerJoin(loanProducts, eq(loanProducts.id, crossSellSettings.loanProductId))
    .where(
      and(
        eq(crossSellSettings.crossSellType, type),
        eq(crossSellSettings.enabled, true),
        eq(loanProducts.enabled, true),
      ),
    )
    .orderBy(asc(crossSellSettings.name));

export const findSetting = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select({ setting: crossSellSettings, controlType: loanProducts.controlType, productName: loanProducts.name })
    .from(crossSellSettings)
    .innerJoin(loanProducts, eq(loanProducts.id, crossSellSettings.loanProductId))
    .where(eq(crossSellSettings.id, id));
  return row;
};

export const findApplicant = async (tx: TenantTx, applicantId: number) => {
  const [row] = await tx.select().from(applicants).where(eq(applicants.id, applicantId));
  return row;
};

/** The open installment tradelines of the applicant's active report, in the bureau's order. */
export const openInstallmentTradelines = (tx: TenantTx, applicantId: number) =>
  tx
    .select({ tradeline: creditReportTradelines })
    .from(creditReportTradelines)
    .innerJoin(creditReports, eq(creditReports.id, creditReportTradelines.creditReportId))
    .where(
      and(
        eq(creditReports.applicantId, applicantId),
        eq(creditReports.isActive, true),
        eq(creditReportTradelines.isOpen, true),
        eq(creditReportTradelines.portfolioType, 'INSTALLMENT'),
      ),
    )
    .orderBy(asc(creditReportTradelines.position));
