import {
  historyActions,
  messages,
  missingRequestFields,
  type Application,
  type ApplicationRequest,
  type ApplicationState,
  type ControlType,
  type FieldError,
  type RequestFields,
  type WorksheetInfo,
} from '@credence/contracts';
import type { applicationRequestSaveSchema, createApplicationSchema } from '@credence/contracts';
import { calculateItemization, estimatedAmountFinanced, formatMoney, money } from '@credence/domain';
import type { z } from 'zod';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { diffEntity } from '../../platform/diff.ts';
import { fieldError, notFound, validationError } from '../../platform/errors.ts';
import { findLockOnOpen, tryLock } from './application-locks/application-locks.repository.ts';
import { lockStatusOf } from './application-locks/application-locks.service.ts';
import {
  applicantName,
  loadApplicantViews,
  prepareApplicants,
  writeApplicants,
} from './applicants/applicants.service.ts';
import {
  describeCollaterals,
  loadCollateralViews,
  prepareCollaterals,
  writeCollaterals,
} from './collaterals/collaterals.service.ts';
import { findEnabledDealer, toDealerView } from '../dealers/dealers.repository.ts';

import { eventOf, notify } from '../notifications/notify.service.ts';
import { watchQueueEntries } from '../notifications/queue-entries.service.ts';
import { recordRecentApplication } from '../recent-applications/recent-applications.repository.ts';
import { findEnabledLoanProduct, type LoanProductRow } from '../loan-products/loan-products.repository.ts';
import { loadTransactionView, prepareTransaction } from './transactions/transactions.service.ts';
import type { ApplicationContext } from './application-context.ts';
import { changesOf, retractionReasons, retractOnRuleMatch } from './decision-retraction/decision-retraction.service.ts';
import * as repo from './applications.repository.ts';
import { notifyBorrower } from '../borrower-notifications/borrower-notifications.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.service.ts';

/** '20700.50' -> '$20,700.50' for the history's descriptions, as people read amounts. */
const dollars = (amount: string): string => `$${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

type CreateInput = z.output<typeof createApplicationSchema>;
type RequestSaveInput = z.output<typeof applicationRequestSaveSchema>;
type RequestInput = RequestFields;

/** The largest amount numeric(14,2) holds. */
const MAX_MONEY = money('999999999999.99');

/**
 * Turns a request into columns (spec 3 §5): itemized fees, when sent, replace `otherFees` by their total
 * (without them any stored rows are removed); the itemization totals (spec 1 §5) and the estimated amount
 * financed by control type are computed with decimal arithmetic; the residual may not exceed that amount.
 */
export const prepareRequest = (input: RequestInput, controlType: ControlType, prefix: string) => {
  const errors: FieldError[] = [];
  const fees = input.otherFrontEndFees ?? [];
  const otherFees = fees.length > 0 ? formatMoney(fees.reduce((t, f) => t.plus(f.value), money(0))) : input.otherFees;
  if (otherFees !== null && money(otherFees).isNegative()) {
    errors.push({ field: `${prefix}otherFees`, message: messages.validation.notNegative });
  }
  const itemizationInput = {
    salesPrice: input.negotiatedPrice,
    ttlEstimate: input.ttlEstimate,
    cashDown: input.cashDown,
    rebate: input.rebate,
    tradeInValue: input.netTradeIn,
    otherFrontEndFees: otherFees,
    gap: input.gap,
    creditDisability: input.creditDisability,
    creditLife: input.creditLife,
    warranty: input.warranty,
    otherBackEndFees: input.otherBackEndFees,
    totalFrontEndAmountOverride: input.totalFrontEndAmount,
  };
  const itemization = calculateItemization(itemizationInput);
  const estimated = estimatedAmountFinanced({
    controlType,
    requestedAmount: input.requestedAmount,
    amount: input.estAmtFinanced,
    itemization: itemizationInput,
  });
  for (const [name, value] of [
    ['totalFrontEndAmount', itemization.totalFrontEndAmount],
    ['estAmtFinanced', itemization.totalLoanAmount],
  ] as const) {
    if (value.abs().greaterThan(MAX_MONEY))
      errors.push({ field: `${prefix}${name}`, message: messages.validation.money });
  }
  if (estimated?.isNegative())
    errors.push({ field: `${prefix}estAmtFinanced`, message: messages.validation.notNegative });
  if (input.residualAmount !== null && estimated !== null && money(input.residualAmount).greaterThan(estimated)) {
    errors.push({ field: `${prefix}residualAmount`, message: messages.validation.residualAboveAmountFinanced });
  }
  const columns: Omit<repo.RequestColumns, 'loanProductId' | 'dealerId'> = {
    negotiatedPrice: input.negotiatedPrice,
    ttlEstimate: input.ttlEstimate,
    cashDown: input.cashDown,
    rebate: input.rebate,
    netTradeIn: input.netTradeIn,
    otherFees,
    gap: input.gap,
    creditDisability: input.creditDisability,
    creditLife: input.creditLife,
    warranty: input.warranty,
    otherBackEndFees: input.otherBackEndFees,
    requestedAmount: input.requestedAmount,
    estAmtFinanced: estimated === null ? null : formatMoney(estimated),
    residualAmount: input.residualAmount,
    value: input.value,
    termMonths: input.termMonths,
    paymentFrequency: input.paymentFrequencyId,
    isOpenEnded: input.isOpenEnded,
    increaseExistingCreditLimit: input.increaseExistingCreditLimit,
    potentialLoanId: input.potentialLoanId,
    potentialShareAccountNumber: input.potentialShareAccountNumber,
    totalFrontEndAmountOverride: input.totalFrontEndAmount,
    totalFrontEndAmount: formatMoney(itemization.totalFrontEndAmount),
    totalDownPayment: formatMoney(itemization.totalDownPayment),
    totalBackEndFees: formatMoney(itemization.totalBackEndFees),
    totalLoanAmount: formatMoney(itemization.totalLoanAmount),
  };
  return { columns, fees, errors };
};

export const toRequestView = (a: repo.ApplicationRow, fees: readonly repo.FeeRow[]): ApplicationRequest => ({
  id: a.id,
  loanProductId: a.loanProductId,
  dealerId: a.dealerId,
  negotiatedPrice: a.negotiatedPrice,
  ttlEstimate: a.ttlEstimate,
  cashDown: a.cashDown,
  rebate: a.rebate,
  netTradeIn: a.netTradeIn,
  otherFees: a.otherFees,
  otherFrontEndFees: fees.map((f) => ({ id: f.id, name: f.name, value: f.value, financeCharge: f.financeCharge })),
  totalFrontEndAmount: a.totalFrontEndAmount,
  isTotalFrontEndAmountManual: a.totalFrontEndAmountOverride !== null,
  totalDownPayment: a.totalDownPayment,
  gap: a.gap,
  creditDisability: a.creditDisability,
  creditLife: a.creditLife,
  warranty: a.warranty,
  otherBackEndFees: a.otherBackEndFees,
  totalBackEndFees: a.totalBackEndFees,
  totalLoanAmount: a.totalLoanAmount,
  requestedAmount: a.requestedAmount,
  estAmtFinanced: a.estAmtFinanced,
  residualAmount: a.residualAmount,
  value: a.value,
  termMonths: a.termMonths,
  paymentFrequencyId: a.paymentFrequency as ApplicationRequest['paymentFrequencyId'],
  isOpenEnded: a.isOpenEnded,
  increaseExistingCreditLimit: a.increaseExistingCreditLimit,
  potentialLoanId: a.potentialLoanId,
  potentialShareAccountNumber: a.potentialShareAccountNumber,
  purpose: a.purpose,
});

const channelAllowed = (product: LoanProductRow, direct: boolean) =>
  direct ? product.directAllowed : product.indirectAllowed;

/** Checks product and dealer of a create or request save; field errors for each problem. */
const checkProductAndDealer = async (
  tx: TenantTx,
  input: { loanProductId: number; dealerId: number | null; direct: boolean },
  errors: FieldError[],
  prefix = '',
) => {
  const product = await findEnabledLoanProduct(tx, input.loanProductId);
  if (!product) {
    errors.push({ field: `${prefix}loanProductId`, message: messages.applications.productNotAvailable });
  } else if (!channelAllowed(product, input.direct)) {
    errors.push({ field: `${prefix}loanProductId`, message: messages.applications.productChannelNotAllowed });
  }
  if (input.dealerId !== null && !(await findEnabledDealer(tx, input.dealerId))) {
    errors.push({ field: `${prefix}dealerId`, message: messages.applications.dealerNotFound });
  } else if (!input.direct && input.dealerId === null) {
    errors.push({ field: `${prefix}dealerId`, message: messages.applications.dealerRequired });
  }
  return product;
};

/**
 * Creates an application with its applicants, request and collateral in one transaction: every part is
 * checked first and all field errors answered together (422), so nothing is half-written. The creator holds
 * the lock afterwards; the history records the creation with every value set.
 */
export type CreateApplicationInput = CreateInput;

export const createApplication = (ctx: ApplicationContext, auth: AuthContext, body: CreateInput) =>
  withTenant(ctx.db, auth.lenderId, (tx) => createApplicationIn(ctx, tx, auth, body));

/** `createApplication` inside the caller's transaction (cross-sell creates several at once, all or nothing). */
export const createApplicationIn = async (
  ctx: ApplicationContext,
  tx: TenantTx,
  auth: AuthContext,
  body: CreateInput,
): Promise<{ id: number }> => {
  const errors: FieldError[] = [];
  const product = await checkProductAndDealer(tx, body, errors);
  if (!product) throw validationError(errors);
  const controlType = product.controlType as ControlType;
  const transaction = prepareTransaction(
    {
      ...body,
      tradeIns: [],
      dealerPurchase: null,
      sellers: [{ hasLien: false } as never],
      lien: null,
      internalRefinance: null,
    },
    { direct: body.direct, controlType },
    '',
  );
  errors.push(...transaction.errors.filter((e) => e.field !== 'sellers'));
  const applicants = prepareApplicants(
    body.applicants.map(({ id: _ignored, ...a }) => a),
    [],
    product,
    ctx.protector,
    'applicants',
  );
  errors.push(...applicants.errors);
  // What the product's control type needs in a new request (issue 17, item 6), with the request's own errors.
  const missing = missingRequestFields(body.request, controlType);
  errors.push(...missing.map((m) => ({ field: `request.${m.field}`, message: m.message })));
  const request = prepareRequest(body.request, controlType, 'request.');
  errors.push(...request.errors.filter((e) => !missing.some((m) => e.field === `request.${m.field}`)));
  const collaterals = prepareCollaterals(body.collaterals, body.insurance, new Set(), product, 'collaterals');
  errors.push(...collaterals.errors);
  if (errors.length > 0) throw validationError(errors);

  const id = await repo.insertApplication(tx, {
    lenderId: auth.lenderId,
    loanProductId: product.id,
    state: 'new',
    source: body.source,
    direct: body.direct,
    dealerId: body.dealerId,
    transactionType: body.transactionType,
    purpose: body.purpose,
    ...request.columns,
    createdByUserId: auth.userId,
  });
  await tryLock(tx, id, auth.userId, ctx.config.applicationLockSeconds);
  await emitWebhookEvent(tx, auth.lenderId, 'application.created', id, {
    state: 'new',
    source: body.source,
    direct: body.direct,
    loanProductId: product.id,
    dealerId: body.dealerId ?? null,
    transactionType: body.transactionType ?? null,
  });
  await repo.replaceFees(tx, auth.lenderId, id, request.fees);
  const written = await writeApplicants(tx, auth.lenderId, id, applicants.writes, []);
  const collateral = await writeCollaterals(tx, auth.lenderId, id, collaterals, { collaterals: [], insurance: null });
  const found = await repo.findApplication(tx, id);
  const requestView = toRequestView(found!.application, await repo.loadFees(tx, id));
  await ctx.history(
    tx,
    auth,
    id,
  )({
    action: historyActions.created,
    description: `${product.name} for ${written.applicants.map(applicantName).join(', ')}; collateral: ${describeCollaterals(collateral.after.collaterals)}`,
    entity: 'Application',
    changes: [
      ...diffEntity('Application', id, null, {
        state: 'new',
        source: body.source,
        direct: body.direct,
        loanProduct: product.name,
        dealerId: body.dealerId,
        transactionType: body.transactionType,
      }),
      ...diffEntity('Request', id, null, requestView),
      ...written.changes,
      ...collateral.changes,
    ],
  });
  // New Application (100) goes to whoever may work it next: a new application enters the Credit Queue, whose
  // work is pulling credit, so the lender's users whose role has canPullAndRepullCredit (and, as for every
  // notification, canReceiveNotifications), not the creator.
  await notify(tx, {
    ...eventOf(auth, id),
    type: 'NewApplication',
    audience: { kind: 'lenderUsersWithRight', right: 'canPullAndRepullCredit' },
  });
  // New Queue Entry (500): the custom queues the new application matches (it matched none before).
  const entered = await watchQueueEntries(tx, ctx.protector, eventOf(auth, id), { isNew: true });
  await entered();
  await notifyBorrower(tx, auth.lenderId, id, 'applicationReceived');
  return { id };
};

const userRef = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** The whole application graph; another lender's id is not found, exactly like a missing one. */
export const getApplication = (ctx: ApplicationContext, auth: AuthContext, id: number): Promise<Application> =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findApplication(tx, id);
    if (!found) throw notFound();
    // The worksheet load: the side menu's recent applications (spec 1 §2) remember it.
    await recordRecentApplication(tx, { lenderId: auth.lenderId, userId: auth.userId }, id);
    const { application: a, product, dealer } = found;
    const collateral = await loadCollateralViews(tx, id);
    return {
      id: a.id,
      state: a.state as Application['state'],
      source: a.source as Application['source'],
      direct: a.direct,
      loanProduct: {
        id: product.id,
        name: product.name,
        controlType: product.controlType as ControlType,
        isBusinessLoan: product.isBusinessLoan,
        requiresVin: product.requiresVin,
        gathersInsurance: product.gathersInsurance,
      },
      dealer: dealer ? toDealerView(dealer) : null,
      createdByUser: userRef(a.createdByUserId, found.creatorName),
      createdUtcTime: a.createdAt.toISOString(),
      updatedUtcTime: a.updatedAt.toISOString(),
      request: toRequestView(a, await repo.loadFees(tx, id)),
      applicants: await loadApplicantViews(tx, id),
      collaterals: collateral.collaterals,
      insurance: collateral.insurance,
      transaction: await loadTransactionView(tx, a),
      lock: lockStatusOf(
        {
          lockedByUserId: a.lockedByUserId,
          lockingUserName: found.lockingUserName,
          lockedAt: a.lockedAt,
          lockExpiresAt: a.lockExpiresAt,
          isLive: found.lockIsLive,
        },
        auth.userId,
      ),
    };
  });

/** Worksheet info (spec 3 §3): lock, product, applicants and state for every worksheet page. */
export const getWorksheetInfo = (ctx: ApplicationContext, auth: AuthContext, id: number): Promise<WorksheetInfo> =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findApplication(tx, id);
    if (!found) throw notFound();
    const { application: a, product } = found;
    const lock = lockStatusOf(
      {
        lockedByUserId: a.lockedByUserId,
        lockingUserName: found.lockingUserName,
        lockedAt: a.lockedAt,
        lockExpiresAt: a.lockExpiresAt,
        isLive: found.lockIsLive,
      },
      auth.userId,
    );
    const applicants = await loadApplicantViews(tx, id);
    const primary = applicants.find((x) => x.applicantRole === 'PRIMARY');
    return {
      id: a.id,
      state: a.state as WorksheetInfo['state'],
      isLocked: lock.isLocked,
      isLockedByMe: lock.isLockedByMe,
      lockingUser: lock.lockingUser,
      lockExpiresUtcTime: lock.lockExpiresUtcTime,
      unlockedByUser: a.unlockedHolderUserId === auth.userId ? userRef(a.unlockedByUserId, found.unlockedByName) : null,
      loanProduct: {
        id: product.id,
        name: product.name,
        controlType: product.controlType as ControlType,
        isBusinessLoan: product.isBusinessLoan,
      },
      applicants: applicants.map((x) => ({
        id: x.id,
        applicantRole: x.applicantRole,
        isBusiness: x.isBusiness,
        name: applicantName(x),
      })),
      primaryApplicantName: primary ? applicantName(primary) : null,
      lockOnOpen: await findLockOnOpen(tx, auth.lenderId),
    };
  });

export const getRequest = (ctx: ApplicationContext, auth: AuthContext, id: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findApplication(tx, id);
    if (!found) throw notFound();
    return toRequestView(found.application, await repo.loadFees(tx, id));
  });

/**
 * PUT request: product, dealer, money and terms. The product may change, but not between a business and a
 * consumer loan (the applicants would no longer fit), and it must allow the application's channel.
 */
export const saveRequest = (ctx: ApplicationContext, auth: AuthContext, id: number, body: RequestSaveInput) =>
  ctx.write(auth, id, body.confirmFunded, async (tx, application, history) => {
    if (body.id !== undefined && body.id !== id) throw fieldError('id', messages.applications.idMismatch);
    const errors: FieldError[] = [];
    const product = await checkProductAndDealer(
      tx,
      { loanProductId: body.loanProductId, dealerId: body.dealerId, direct: application.direct },
      errors,
    );
    if (!product) throw validationError(errors);
    const current = await repo.findApplication(tx, id);
    if (current && current.product.isBusinessLoan !== product.isBusinessLoan) {
      errors.push({ field: 'loanProductId', message: messages.applications.productKindChange });
    }
    const request = prepareRequest(body, product.controlType as ControlType, '');
    errors.push(...request.errors);
    if (errors.length > 0) throw validationError(errors);
    const before = toRequestView(application, await repo.loadFees(tx, id));
    await repo.updateApplication(tx, id, {
      ...request.columns,
      loanProductId: product.id,
      dealerId: body.dealerId,
      purpose: body.purpose,
    });
    await repo.replaceFees(tx, auth.lenderId, id, request.fees);
    const updated = await repo.findApplication(tx, id);
    const after = toRequestView(updated!.application, await repo.loadFees(tx, id));
    const changes = diffEntity('Request', id, before, after, { ignore: ['otherFrontEndFees'] });
    const feeChanges = diffEntity(
      'Request',
      id,
      {
        otherFrontEndFees: before.otherFrontEndFees.map(({ name, value, financeCharge }) => ({
          name,
          value,
          financeCharge,
        })),
      },
      {
        otherFrontEndFees: after.otherFrontEndFees.map(({ name, value, financeCharge }) => ({
          name,
          value,
          financeCharge,
        })),
      },
    );
    if (changes.length + feeChanges.length > 0) {
      await history({
        action: historyActions.requestUpdated,
        description: `${product.name}: estimated amount financed ${after.estAmtFinanced === null ? 'none' : dollars(after.estAmtFinanced)}`,
        entity: 'Request',
        changes: [...changes, ...feeChanges],
      });
    }
    const retracting = changesOf.request(application, updated!.application);
    await retractOnRuleMatch(tx, auth, application, history, retracting, retractionReasons.request);
    return after;
  });

/** spec 1 §7 `applications/states`: id → internal state, for the ids the lender has. */
export const getStates = (ctx: ApplicationContext, auth: AuthContext, ids: readonly number[]) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const rows = await repo.findStates(tx, ids);
    return Object.fromEntries(rows.map((r) => [String(r.id), r.state as ApplicationState]));
  });
