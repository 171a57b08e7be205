import {
  historyActions,
  messages,
  vehicleControlTypes,
  type ControlType,
  type FieldError,
  type Transaction,
  type TransactionType,
} from '@credence/contracts';
import type { transactionSaveSchema } from '@credence/contracts';
import type { z } from 'zod';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { diffEntity } from '../../../platform/diff.ts';
import { notFound, validationError } from '../../../platform/errors.ts';
import type { ApplicationContext } from '../application-context.ts';
import { findEnabledDealer } from '../../dealers/dealers.repository.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import { addressColumns, addressOf, type AddressColumns as Address } from '../address-columns.ts';
import * as repo from './transactions.repository.ts';

export type TransactionInput = z.output<typeof transactionSaveSchema>;

const flattenAddress = <T extends { address: Address | null }>({ address, ...rest }: T) => ({
  ...rest,
  ...addressColumns(address),
});

export const toTransactionView = (
  application: { transactionType: string | null; purpose: string | null; dealerId: number | null },
  parts: repo.LoadedTransactionParts,
): Transaction => {
  const { dealerPurchase: dp, lien, internalRefinance: ir } = parts;
  return {
    transactionType: application.transactionType as TransactionType | null,
    purpose: application.purpose,
    dealerId: application.dealerId,
    tradeIns: parts.tradeIns.map((t) => ({
      id: t.id,
      year: t.year,
      make: t.make,
      model: t.model,
      style: t.style,
      lienHolderName: t.lienHolderName,
      monthlyPayment: t.monthlyPayment,
    })),
    dealerPurchase: dp
      ? {
          dealership: dp.dealership,
          amountToDealer: dp.amountToDealer,
          phoneNumber: dp.phoneNumber,
          fax: dp.fax,
          email: dp.email,
          attention: dp.attention,
          spokeTo: dp.spokeTo,
          address: addressOf(dp),
        }
      : null,
    sellers: parts.sellers.map((s) => ({
      id: s.id,
      sellingPrice: s.sellingPrice,
      sellerNames: s.sellerNames,
      phoneNumber: s.phoneNumber,
      email: s.email,
      address: addressOf(s),
      hasLien: s.hasLien,
    })),
    lien: lien
      ? {
          lienholder: lien.lienholder,
          accountNumber: lien.accountNumber,
          payoffAmount: lien.payoffAmount,
          perDiem: lien.perDiem,
          payment: lien.payment,
          goodThrough: lien.goodThrough,
          mailTo: lien.mailTo,
          phoneNumber: lien.phoneNumber,
          attention: lien.attention,
          spokeTo: lien.spokeTo,
        }
      : null,
    internalRefinance: ir
      ? {
          memberNumber: ir.memberNumber,
          loanNumber: ir.loanNumber,
          payoffAmount: ir.payoffAmount,
          perDiem: ir.perDiem,
          goodThrough: ir.goodThrough,
        }
      : null,
  };
};

/**
 * Checks a transaction (spec 3 §5: the type only for direct automotive, boat and RV loans) and keeps the
 * parts that apply to its type: BUYER_SELLER the sellers (at least one) and the lien when a seller has one;
 * DEALER the dealer (required) and dealer purchase; INTERNAL_REFINANCE the internal refinance (required);
 * REFINANCE the lien. Trade-ins apply to every type.
 */
export const prepareTransaction = (
  input: Pick<
    TransactionInput,
    'transactionType' | 'dealerId' | 'tradeIns' | 'dealerPurchase' | 'sellers' | 'lien' | 'internalRefinance'
  >,
  context: { direct: boolean; controlType: ControlType; requireParts?: boolean },
  prefix: string,
): { parts: repo.TransactionParts; errors: FieldError[] } => {
  const errors: FieldError[] = [];
  const type = input.transactionType;
  if (type !== null && !(context.direct && vehicleControlTypes.includes(context.controlType))) {
    errors.push({ field: `${prefix}transactionType`, message: messages.applications.transactionTypeNotAllowed });
  }
  if (type === 'DEALER' && input.dealerId === null) {
    errors.push({ field: `${prefix}dealerId`, message: messages.applications.dealerRequired });
  }
  const requireParts = context.requireParts ?? true;
  if (requireParts && type === 'BUYER_SELLER' && input.sellers.length === 0) {
    errors.push({ field: `${prefix}sellers`, message: messages.applications.sellerRequired });
  }
  if (requireParts && type === 'INTERNAL_REFINANCE' && input.internalRefinance === null) {
    errors.push({ field: `${prefix}internalRefinance`, message: messages.applications.internalRefinanceRequired });
  }
  const sellers = type === 'BUYER_SELLER' ? input.sellers : [];
  const keepsLien = type === 'REFINANCE' || (type === 'BUYER_SELLER' && sellers.some((s) => s.hasLien));
  const dp = type === 'DEALER' ? input.dealerPurchase : null;
  return {
    errors,
    parts: {
      tradeIns: input.tradeIns,
      dealerPurchase: dp ? flattenAddress(dp) : null,
      sellers: sellers.map(flattenAddress),
      lien: keepsLien ? input.lien : null,
      internalRefinance: type === 'INTERNAL_REFINANCE' ? input.internalRefinance : null,
    },
  };
};

export const loadTransactionView = async (
  tx: TenantTx,
  application: { id: number; transactionType: string | null; purpose: string | null; dealerId: number | null },
) => toTransactionView(application, await repo.loadTransactionParts(tx, application.id));

export const getTransaction = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const application = await repo.findTransactionColumns(tx, applicationId);
    if (!application) throw notFound();
    return loadTransactionView(tx, application);
  });

/** POST transaction: type, purpose, dealer and the parts of the type. Needs the lock. */
export const saveTransaction = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: TransactionInput,
) =>
  ctx.write(auth, applicationId, body.confirmFunded, async (tx, application, history) => {
    const product = await findLoanProduct(tx, application.loanProductId);
    const before = await loadTransactionView(tx, application);
    const { parts, errors } = prepareTransaction(
      body,
      { direct: application.direct, controlType: (product?.controlType ?? 'PERSONAL') as ControlType },
      '',
    );
    if (body.transactionType === 'DEALER' && body.dealerId !== null && !(await findEnabledDealer(tx, body.dealerId))) {
      errors.push({ field: 'dealerId', message: messages.applications.dealerNotFound });
    }
    if (errors.length > 0) throw validationError(errors);
    // A direct loan names a dealer only when bought from one; an indirect loan keeps its dealer.
    const dealerId = application.direct
      ? body.transactionType === 'DEALER'
        ? body.dealerId
        : null
      : application.dealerId;
    await repo.updateTransactionColumns(tx, applicationId, {
      transactionType: body.transactionType,
      purpose: body.purpose,
      dealerId,
    });
    await repo.replaceTransactionParts(tx, auth.lenderId, applicationId, parts);
    const after = await loadTransactionView(tx, {
      id: applicationId,
      transactionType: body.transactionType,
      purpose: body.purpose,
      dealerId,
    });
    const changes = diffEntity('Transaction', applicationId, before, after);
    if (changes.length > 0) {
      await history({
        action: historyActions.transactionUpdated,
        description: `Transaction type: ${body.transactionType ?? 'none'}`,
        entity: 'Transaction',
        changes,
      });
    }
    return after;
  });
