import {
  decisionRetractionTexts,
  type ControlType,
  type ParsedRetractionCheck,
  type RetractionCheckResult,
  type CollateralInput,
} from '@credence/contracts';
import type { AuthContext } from '../../../platform/auth.ts';
import { fieldError, notFound } from '../../../platform/errors.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import type { ApplicationContext } from '../application-context.ts';
import { loadApplicants } from '../applicants/applicants.repository.ts';
import { prepareApplicants } from '../applicants/applicants.service.ts';
import { findApplication } from '../applications.repository.ts';
import { prepareRequest } from '../applications.service.ts';
import { loadCollateralViews, prepareCollaterals } from '../collaterals/collaterals.service.ts';
import { changesOf, checkRetraction, retractDecisionWithReceipt } from './decision-retraction.service.ts';

/**
 * The dry-run checks the worksheet asks before a save (spec 3 §7 `applications/{id}/collaterals/retractions`,
 * and `applications/{id}/retractions` for the request, the applicants, the credit report or named fields):
 * the would-be save is compared with what is stored exactly as the save itself compares it, and nothing is
 * written. Needs no lock (it only reads); another lender's application is a 404. Invalid values in the
 * would-be body are compared as given (the save will refuse them with its own 422).
 */
export const checkRetractionOf = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: ParsedRetractionCheck,
) =>
  ctx.open(auth, applicationId, async (tx): Promise<RetractionCheckResult> => {
    const found = await findApplication(tx, applicationId);
    if (!found) throw notFound();
    const application = found.application;
    const changes = await (async () => {
      switch (body.section) {
        case 'request': {
          const product = (await findLoanProduct(tx, body.request.loanProductId)) ?? found.product;
          const { columns } = prepareRequest(body.request, product.controlType as ControlType, '');
          return changesOf.request(application, {
            ...columns,
            loanProductId: body.request.loanProductId,
            dealerId: body.request.dealerId,
          });
        }
        case 'applicants': {
          const stored = await loadApplicants(tx, applicationId);
          const { writes } = prepareApplicants(
            body.applicants,
            stored,
            { isBusinessLoan: found.product.isBusinessLoan },
            ctx.protector,
            'applicants',
          );
          return changesOf.applicants(stored, writes);
        }
        case 'collaterals':
          return collateralChanges(tx, found.product, applicationId, body.collaterals);
        case 'creditReport':
          return changesOf.creditReport();
        case 'fields':
          return body.changes;
      }
    })();
    return checkRetraction(tx, application, changes);
  });

const collateralChanges = async (
  tx: Parameters<typeof loadCollateralViews>[0],
  product: { requiresVin: boolean; gathersInsurance: boolean },
  applicationId: number,
  collaterals: readonly CollateralInput[],
) => {
  const stored = (await loadCollateralViews(tx, applicationId)).collaterals;
  const { writes } = prepareCollaterals(collaterals, null, new Set(stored.map((c) => c.id)), product, 'collaterals');
  return changesOf.collaterals(stored, writes);
};

/** `POST applications/{id}/collaterals/retractions`: the collaterals save's own body, checked (dry run). */
export const checkCollateralsRetraction = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { collaterals: CollateralInput[] },
) => checkRetractionOf(ctx, auth, applicationId, { section: 'collaterals', collaterals: body.collaterals });

/**
 * `POST applications/{id}/decisions/retract` — the decision worksheet's 'Retract Decision': retracts the
 * approved or counteroffer decision (a 422 on `applicationId` when there is none), with the edit lock as any
 * change to the loan record. Answers the new state and the retraction's receipt row.
 */
export const retractFromWorksheet = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { reason?: string | null | undefined },
) =>
  ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const reason = body.reason?.trim() || decisionRetractionTexts.defaultReason;
    const { retracted, retractionId } = await retractDecisionWithReceipt(tx, auth, application, history, reason);
    if (!retracted) throw fieldError('applicationId', decisionRetractionTexts.nothingToRetract);
    return { retracted: true as const, state: 'reviewed', retractionId };
  });
