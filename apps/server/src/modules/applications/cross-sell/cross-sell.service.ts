import {
  createApplicationSchema,
  adminMessages,
  messages,
  crossSellApplicationsRequestSchema,
  type ControlType,
  type CrossSellOpportunity,
  type InternalCrossSellOffer,
} from '@credence/contracts';
import { formatSsn, money, refinanceOpportunity } from '@credence/domain';
import type { z } from 'zod';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { protectedPurposes } from '../../../platform/crypto.ts';
import { fieldError, notFound, validationError } from '../../../platform/errors.ts';
import { withTenant } from '../../../db/tenancy.ts';
import type { ApplicationContext } from '../application-context.ts';
import { loadApplicants } from '../applicants/applicants.repository.ts';
import { toApplicantView } from '../applicants/applicants.service.ts';
import { createApplicationIn } from '../applications.service.ts';
import { findLenderCreditSettings, updateApplicationCredit } from '../credit/credit.repository.ts';
import * as repo from './cross-sell.repository.ts';

const rateOf = (base: string, offset: string) => money(base).plus(money(offset));

/**
 * Refinance opportunities (spec 3 §3): the applicant's open installment tradelines at other creditors that an
 * enabled refinance setting matches (its loan types, at least its minimum balance), each priced at the
 * setting's terms with the domain's payment maths against today's payment.
 */
export const opportunities = (ctx: ApplicationContext, auth: AuthContext, applicantId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx): Promise<CrossSellOpportunity[]> => {
    if (!(await repo.findApplicant(tx, applicantId))) throw notFound();
    const lender = await findLenderCreditSettings(tx, auth.lenderId);
    const settings = await repo.listEnabledSettings(tx, 'RefiCrossSell');
    const found: CrossSellOpportunity[] = [];
    for (const { tradeline: t } of await repo.openInstallmentTradelines(tx, applicantId)) {
      if (lender && t.creditor.toLowerCase() === lender.name.toLowerCase()) continue;
      if (!t.monthlyPayment || money(t.balance).lte(0)) continue;
      for (const { setting } of settings) {
        if (setting.tradelineLoanTypes.length > 0 && !setting.tradelineLoanTypes.includes(t.loanType ?? '')) continue;
        if (money(t.balance).lt(money(setting.minimumBalance))) continue;
        const priced = refinanceOpportunity(
          { balance: t.balance, monthlyPayment: t.monthlyPayment, remainingTermMonths: t.remainingTermMonths ?? 0 },
          setting.termOptions.map((o) => ({
            termMonths: o.termMonths,
            ratePercent: rateOf(setting.baseRatePercent, o.rateOffsetPercent),
          })),
        );
        found.push({
          crossSellId: setting.id,
          crossSellName: setting.name,
          creditReportTradelineCreditor: t.creditor,
          creditReportTradelineEstimatedRate: priced.estimatedRate ?? '0',
          creditReportTradelineMonthlyPayment: money(t.monthlyPayment).toFixed(2),
          originalTermMonths: t.termMonths,
          balance: money(t.balance).toFixed(2),
          accountNumber: t.accountNumber,
          options: priced.options,
        });
      }
    }
    return found;
  });

/** The lender's internal offers (the internal cross-sell toggle, spec 3 §6). */
export const internalOffers = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx): Promise<InternalCrossSellOffer[]> => {
    const lender = await findLenderCreditSettings(tx, auth.lenderId);
    if (!lender?.internalCrossSellEnabled) return [];
    return (await repo.listEnabledSettings(tx, 'InternalCrossSell')).map(({ setting }) => ({
      crossSellId: setting.id,
      name: setting.name,
      description: setting.description,
      loanAmount: money(setting.offerAmount ?? '0').toFixed(2),
      rate: money(setting.baseRatePercent).toFixed(3),
      termMonths: setting.termOptions[0]?.termMonths ?? null,
    }));
  });

/** The request of a new application from an offer, by the product's control type (what a create needs). */
const requestFor = (controlType: ControlType, amount: string, termMonths: number | null) => {
  const term = termMonths ?? 60;
  if (controlType === 'AUTOMOTIVE' || controlType === 'BOAT' || controlType === 'RV') {
    return { negotiatedPrice: amount, value: amount, termMonths: term, paymentFrequencyId: 'Monthly' };
  }
  if (controlType === 'CREDIT_CARD') return { requestedAmount: amount, paymentFrequencyId: 'Monthly' };
  return { estAmtFinanced: amount, termMonths: term, paymentFrequencyId: 'Monthly' };
};

/**
 * `POST applicant/{id}/crossSell/application`: one new application per chosen offer — the same applicant copied
 * (SSN and document numbers carried over encrypted), the setting's product, the balance (refinance) or the offer
 * amount (internal) requested, the chosen term — all in one transaction: any refused offer creates none.
 */
export const createFromOffers = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicantId: number,
  body: z.output<typeof crossSellApplicationsRequestSchema>,
) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    if (body.applicantId !== applicantId) throw fieldError('applicantId', messages.applications.idMismatch);
    const source = await repo.findApplicant(tx, applicantId);
    if (!source) throw notFound();
    const loaded = (await loadApplicants(tx, source.applicationId)).find((a) => a.row.id === applicantId)!;
    const view = toApplicantView(loaded);
    const applicant = {
      ...view,
      id: undefined,
      applicantRole: 'PRIMARY',
      socialSecurityNumber: loaded.row.ssnEncrypted
        ? formatSsn(ctx.protector.decrypt(loaded.row.ssnEncrypted, protectedPurposes.ssn))
        : null,
      // The view masks the EIN (issue 30 item 6); the new application gets the stored number.
      employerIdentificationNumber: loaded.row.employerIdentificationNumber,
      govtIssuedIds: loaded.govtIssuedIds.map((g, i) => ({
        ...view.govtIssuedIds[i]!,
        id: undefined,
        number: ctx.protector.decrypt(g.numberEncrypted, protectedPurposes.govtIdNumber),
      })),
    };
    const ids: number[] = [];
    for (const [i, offer] of body.crossSellApplicationRequests.entries()) {
      const found = await repo.findSetting(tx, offer.crossSellId);
      if (!found || !found.setting.enabled || found.setting.crossSellType !== offer.crossSellType) {
        throw fieldError(`crossSellApplicationRequests.${i}.crossSellId`, adminMessages.crossSell.offerNotAvailable);
      }
      const amount = money(
        offer.crossSellType === 'InternalCrossSell' ? (found.setting.offerAmount ?? offer.balance) : offer.balance,
      ).toFixed(2);
      const parsed = createApplicationSchema.safeParse({
        loanProductId: found.setting.loanProductId,
        direct: true,
        purpose:
          `${found.setting.name}${offer.crossSellAccountNumber ? ` (refinance of ${offer.crossSellAccountNumber})` : ''}`.slice(
            0,
            100,
          ),
        applicants: [applicant],
        request: requestFor(found.controlType as ControlType, amount, offer.termMonths),
      });
      if (!parsed.success) {
        throw validationError(
          parsed.error.issues.map((issue) => ({
            field: `crossSellApplicationRequests.${i}.${issue.path.join('.')}`,
            message: issue.message,
          })),
        );
      }
      const created = await createApplicationIn(ctx, tx, auth, parsed.data);
      ids.push(created.id);
      await ctx.history(
        tx,
        auth,
        created.id,
      )({
        action: 'Cross Sell',
        description: `Created from the cross-sell offer '${found.setting.name}' on application ${source.applicationId}`,
        entity: 'Application',
        changes: [],
      });
    }
    await ctx.history(
      tx,
      auth,
      source.applicationId,
    )({
      action: 'Cross Sell',
      description: `Cross-sell application(s) created: ${ids.join(', ')}`,
      entity: 'Application',
      changes: [],
    });
    return { applicationIds: ids };
  });

export const setNotInterested = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, value: boolean) =>
  ctx.annotate(auth, applicationId, async (tx: TenantTx, application, history) => {
    if (application.notInterestedCrossSell !== value) {
      await updateApplicationCredit(tx, applicationId, { notInterestedCrossSell: value });
      await history({
        action: 'Cross Sell',
        description: value ? 'The applicants are not interested in cross-sell offers' : 'Cross-sell offers reopened',
        entity: 'Application',
        changes: [
          {
            entity: 'Application',
            entityId: applicationId,
            property: 'notInterestedCrossSell',
            oldValue: String(application.notInterestedCrossSell),
            newValue: String(value),
          },
        ],
      });
    }
    return { notInterestedCrossSell: value };
  });
