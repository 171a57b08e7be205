import {
  eligibilityQuestionsOf,
  salesPlanTexts,
  type EligibilityVendor,
  type OfferedPlans,
  type offeredPlansRequestSchema,
  type VendorPlan,
} from '@credence/contracts';
import {
  filterPlans,
  LoanMathError,
  loanToValue,
  paymentFrequencies,
  type FilterPlan,
  type PaymentFrequency,
  type PriceCapRule,
  type SalesAddOnProduct,
} from '@credence/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  addOnPriceCaps,
  addOnVendors,
  applicantAddresses,
  applicants,
  applications,
  collaterals,
  creditReports,
} from '../../db/schema/index.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, notFound, validationError } from '../../platform/errors.ts';
import { plansOf, toPlan } from './add-on-vendors.repository.ts';

type Request = z.output<typeof offeredPlansRequestSchema>;

/** What the rules read of an application: amount financed, collateral value, the primary's state, MLA coverage. */
const applicationFacts = async (tx: TenantTx, applicationId: number) => {
  const [app] = await tx
    .select({
      estAmtFinanced: applications.estAmtFinanced,
      requestedAmount: applications.requestedAmount,
      value: applications.value,
      paymentFrequency: applications.paymentFrequency,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!app) throw notFound();
  const [collateral] = await tx
    .select({ value: collaterals.value })
    .from(collaterals)
    .where(eq(collaterals.applicationId, applicationId))
    .orderBy(asc(collaterals.id))
    .limit(1);
  const [address] = await tx
    .select({ state: applicantAddresses.state })
    .from(applicants)
    .innerJoin(applicantAddresses, eq(applicantAddresses.applicantId, applicants.id))
    .where(and(eq(applicants.applicationId, applicationId), eq(applicants.role, 'PRIMARY')))
    .orderBy(asc(applicantAddresses.sortOrder))
    .limit(1);
  const [mla] = await tx
    .select({ id: creditReports.id })
    .from(creditReports)
    .where(
      and(
        eq(creditReports.applicationId, applicationId),
        eq(creditReports.isActive, true),
        eq(creditReports.mla, true),
      ),
    )
    .limit(1);
  return {
    amountFinanced: app.estAmtFinanced ?? app.requestedAmount ?? '0.00',
    collateralValue: collateral?.value ?? app.value ?? null,
    state: address?.state ?? null,
    mlaCovered: mla !== undefined,
    frequency: (app.paymentFrequency && app.paymentFrequency in paymentFrequencies
      ? app.paymentFrequency
      : 'Monthly') as PaymentFrequency,
  };
};

/** The request field of a loan the MAPR cannot be computed for (a term that does not fit the frequency…). */
const termsField = (field: LoanMathError['field']): string =>
  field === 'rate'
    ? 'terms.annualRate'
    : field === 'term' || field === 'frequency'
      ? 'terms.termMonths'
      : field === 'firstPaymentDate' || field === 'contractDate'
        ? `terms.${field}`
        : 'terms.amountFinanced';

/** A loan the MAPR cannot be computed for is a 422 on its field, never a 500. */
const withTermsChecked = <T>(work: () => T): T => {
  try {
    return work();
  } catch (error) {
    if (error instanceof LoanMathError) throw fieldError(termsField(error.field), error.message);
    if (error instanceof RangeError) throw fieldError('terms', error.message);
    throw error;
  }
};

const asVendorPlan = (plan: ReturnType<typeof toPlan>): VendorPlan => ({
  id: plan.id,
  product: plan.product,
  title: plan.title,
  description: plan.description,
  term: plan.termMonths,
  miles: plan.miles,
  cost: plan.retailPrice,
  options: plan.options.map((o) => ({ id: o.id, description: o.title, cost: o.cost })),
});

/**
 * The plans of a vendor offered on an application (issue 34 items 3 and 7): every eligibility question the vendor
 * asks must be answered (422 naming each unanswered one), then each plan is offered or left out with its reason by
 * the domain's `filterPlans` over the application's facts, the answers and the lender's enabled price caps.
 */
export const offeredPlans = (db: Db, auth: AuthContext, applicationId: number, body: Request): Promise<OfferedPlans> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const facts = await applicationFacts(tx, applicationId);
    const [vendor] = await tx
      .select()
      .from(addOnVendors)
      .where(and(eq(addOnVendors.id, body.vendorId), eq(addOnVendors.enabled, true)));
    if (!vendor) throw validationError([{ field: 'vendorId', message: salesPlanTexts.unknownVendor }]);
    const eligibility = vendor.eligibility as EligibilityVendor;
    const unanswered = eligibilityQuestionsOf(eligibility).filter(
      (q) => body.answers[q] === null || body.answers[q] === undefined,
    );
    if (unanswered.length > 0)
      throw validationError(unanswered.map((q) => ({ field: `answers.${q}`, message: salesPlanTexts.required })));

    const plans = (await plansOf(tx, vendor.id)).map(toPlan);
    const caps = await tx.select().from(addOnPriceCaps).where(eq(addOnPriceCaps.enabled, true));
    const rules: PriceCapRule[] = caps.map((c) => ({
      state: c.state,
      products: c.products as SalesAddOnProduct[],
      percent: c.percent,
      minimumAmount: c.minimumAmount,
    }));
    const amountFinanced = body.terms?.amountFinanced ?? facts.amountFinanced;
    const asked = new Set(eligibilityQuestionsOf(eligibility));
    const decisions = withTermsChecked(() =>
      filterPlans(
        plans.map((p): FilterPlan & { source: typeof p } => ({
          id: p.id,
          title: p.title,
          product: p.product,
          price: p.retailPrice,
          maxLtv: p.maxLtv,
          source: p,
        })),
        {
          amountFinanced,
          collateralValue: facts.collateralValue,
          state: facts.state,
          salvagedTitle: asked.has('salvagedTitle') && body.answers.salvagedTitle === true,
          usedCommercially: asked.has('usedCommercially') && body.answers.usedCommercially === true,
          mlaCovered: facts.mlaCovered,
          terms: body.terms
            ? {
                annualRatePercent: body.terms.annualRate,
                termMonths: body.terms.termMonths,
                frequency: facts.frequency,
                contractDate: body.terms.contractDate,
                firstPaymentDate: body.terms.firstPaymentDate,
              }
            : null,
        },
        rules,
      ),
    );
    const ltv =
      facts.collateralValue && facts.collateralValue !== '0.00'
        ? loanToValue(amountFinanced, facts.collateralValue)
        : null;
    return {
      vendor: { id: vendor.id, name: vendor.name, eligibility },
      facts: {
        amountFinanced,
        collateralValue: facts.collateralValue,
        ltv: ltv === null ? null : ltv.toDecimalPlaces(2).toString(),
        state: facts.state,
        mlaCovered: facts.mlaCovered,
      },
      plans: decisions.filter((d) => d.offered).map((d) => asVendorPlan(d.plan.source)),
      leftOut: decisions.flatMap((d) =>
        d.offered ? [] : [{ planId: d.plan.id, title: d.plan.title, rule: d.refusal.rule, reason: d.refusal.reason }],
      ),
    };
  });
