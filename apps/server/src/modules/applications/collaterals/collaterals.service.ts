import {
  historyActions,
  messages,
  vinCollateralFamilies,
  type Collateral,
  type CollateralInput,
  type CollateralsResponse,
  type CollateralSummary,
  type FieldError,
  type Insurance,
  type InsuranceInput,
} from '@credence/contracts';
import { checkVin, formatMoney, maskDocumentNumber, money } from '@credence/domain';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { diffEntities, diffEntity } from '../../../platform/diff.ts';
import { validationError } from '../../../platform/errors.ts';
import type { ApplicationContext } from '../application-context.ts';
import {
  changesOf,
  retractionReasons,
  retractOnRuleMatch,
} from '../decision-retraction/decision-retraction.service.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import { addressColumns, addressOf } from '../address-columns.ts';
import * as repo from './collaterals.repository.ts';

export const toCollateralView = ({ row: r, liens, grantors, accessories }: repo.LoadedCollateral): Collateral => ({
  id: r.id,
  family: r.family as Collateral['family'],
  type: r.type as Collateral['type'],
  identificationNumber: r.identificationNumber,
  value: r.value,
  year: r.year,
  make: r.make,
  model: r.model,
  style: r.style,
  color: r.color,
  hours: r.hours,
  mileage: r.mileage,
  length: r.length,
  isUsed: r.isUsed,
  isNew: r.isNew,
  msrp: r.msrp,
  vehicleValuationType: r.vehicleValuationType,
  isFloodInsuranceRequired: r.isFloodInsuranceRequired,
  floodZoneType: r.floodZoneType,
  accessories: accessories.map((a) => ({ code: a.code, description: a.description, isSelected: a.isSelected })),
  grantors: grantors.map((g) => ({
    firstName: g.firstName,
    lastName: g.lastName,
    email: g.email,
    address: addressOf(g),
  })),
  liens: liens.map((l) => ({
    lienholder: l.lienholder,
    accountNumber: l.accountNumber,
    payoffAmount: l.payoffAmount,
    perDiem: l.perDiem,
  })),
  accountNumber: r.accountNumber,
  currentRate: r.currentRate,
  accountOwner: r.accountOwner,
  holdPercentage: r.holdPercentage,
  maturityDate: r.maturityDate,
  isSalvage: r.isSalvage,
  memberNumber: r.memberNumber,
  address: addressOf(r),
  isPrimaryAddress: r.isPrimaryAddress,
  county: r.county,
  maxLoanAmount: r.maxLoanAmount,
  qualifiedMortgageType: r.qualifiedMortgageType,
  lienPosition: r.lienPosition,
  homeValueType: r.homeValueType,
  homeLoanType: r.homeLoanType,
  hmdaPurposeType: r.hmdaPurposeType,
  constructionMethod: r.constructionMethod,
  totalUnits: r.totalUnits,
  censusTrack: r.censusTrack,
  securedPropertyType: r.securedPropertyType,
  landPropertyInterest: r.landPropertyInterest,
  homeOccupancyStatus: r.homeOccupancyStatus,
});

export const toInsuranceView = (r: repo.InsuranceRow | undefined): Insurance | null =>
  r
    ? {
        id: r.id,
        company: r.company,
        policyNumber: r.policyNumber,
        agentFirstName: r.agentFirstName,
        agentLastName: r.agentLastName,
        agentPhoneNumber: r.agentPhoneNumber,
        faxNumber: r.faxNumber,
        expirationDate: r.expirationDate,
      }
    : null;

export const loadCollateralViews = async (tx: TenantTx, applicationId: number): Promise<CollateralsResponse> => ({
  collaterals: (await repo.loadCollaterals(tx, applicationId)).map(toCollateralView),
  insurance: toInsuranceView(await repo.loadInsurance(tx, applicationId)),
});

type Product = { requiresVin: boolean; gathersInsurance: boolean };

/**
 * Checks collaterals and insurance (spec 3 §5) and turns them into rows: a VIN (17 characters, no I, O or Q,
 * a valid check digit) for vehicle and trailer forms when the product requires it, stored upper-cased;
 * insurance kept only when the product gathers insurance and a company is given.
 */
export const prepareCollaterals = (
  inputs: readonly CollateralInput[],
  insurance: InsuranceInput | null,
  existingIds: ReadonlySet<number>,
  product: Product,
  prefix: string,
) => {
  const errors: FieldError[] = [];
  const writes: repo.CollateralWrite[] = inputs.map((c, i) => {
    if (c.id !== undefined && !existingIds.has(c.id))
      errors.push({ field: `${prefix}.${i}.id`, message: messages.errors.notFound });
    let identificationNumber = c.identificationNumber;
    if (product.requiresVin && vinCollateralFamilies.includes(c.family)) {
      const vin = checkVin(identificationNumber ?? '');
      if (vin.valid) identificationNumber = vin.vin;
      else errors.push({ field: `${prefix}.${i}.identificationNumber`, message: messages.validation.invalidVin });
    }
    const { id, accessories, grantors, liens, address, ...fields } = c;
    return {
      id,
      values: { ...fields, identificationNumber, ...addressColumns(address), sortOrder: i },
      children: {
        liens,
        grantors: grantors.map(({ address: a, ...g }) => ({ ...g, ...addressColumns(a) })),
        accessories,
      },
    };
  });
  const keepInsurance =
    product.gathersInsurance && insurance?.company ? { ...insurance, company: insurance.company } : null;
  return { writes, insurance: keepInsurance, errors };
};

/** Writes prepared collaterals and insurance; answers them and what changed (old → new). */
export const writeCollaterals = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  prepared: { writes: repo.CollateralWrite[]; insurance: repo.InsuranceValues | null },
  before: CollateralsResponse,
) => {
  await repo.replaceCollaterals(tx, lenderId, applicationId, prepared.writes);
  await repo.replaceInsurance(tx, lenderId, applicationId, prepared.insurance);
  const after = await loadCollateralViews(tx, applicationId);
  const changes = [
    ...diffEntities('Collateral', before.collaterals, after.collaterals),
    ...diffEntity('Insurance', after.insurance?.id ?? before.insurance?.id ?? null, before.insurance, after.insurance),
  ];
  return { after, changes };
};

/** "2024 Toyota Tacoma, BOAT": how collaterals are named in the history. */
export const describeCollaterals = (list: readonly Collateral[]) =>
  list.map((c) => [c.year, c.make, c.model].filter(Boolean).join(' ') || c.type).join(', ') || 'none';

export const getCollaterals = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    return loadCollateralViews(tx, applicationId);
  });

/** A collateral as a reviewer names it: year make model style, else its account, its address, or its type. */
const collateralLine = (c: Collateral) =>
  [c.year, c.make, c.model, c.style].filter(Boolean).join(' ') ||
  (c.accountNumber ? `Account ${maskDocumentNumber(c.accountNumber.slice(-4))}` : '') ||
  [c.address?.addressLine1, c.address?.city, c.address?.state].filter(Boolean).join(', ') ||
  c.type.charAt(0) + c.type.slice(1).toLowerCase().replaceAll('_', ' ');

const centsSum = (values: readonly (string | null)[]) =>
  formatMoney(values.reduce((sum, v) => (v === null ? sum : sum.plus(v)), money(0)));

export const getCollateralSummary = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
): Promise<CollateralSummary> =>
  ctx.open(auth, applicationId, async (tx) => {
    const { collaterals, insurance } = await loadCollateralViews(tx, applicationId);
    const lines = collaterals.map((c) => ({
      id: c.id,
      family: c.family,
      type: c.type,
      description: collateralLine(c),
      value: c.value,
      lienPayoff: centsSum(c.liens.map((l) => l.payoffAmount)),
      isFloodInsuranceRequired: c.isFloodInsuranceRequired,
    }));
    return {
      collaterals: lines,
      totalValue: centsSum(lines.map((l) => l.value)),
      totalLienPayoff: centsSum(lines.map((l) => l.lienPayoff)),
      insuranceCompany: insurance?.company ?? null,
    };
  });

export const saveCollaterals = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { collaterals: CollateralInput[]; insurance: InsuranceInput | null; confirmFunded?: boolean | undefined },
) =>
  ctx.write(auth, applicationId, body.confirmFunded, async (tx, application, history) => {
    const product = await findLoanProduct(tx, application.loanProductId);
    const before = await loadCollateralViews(tx, applicationId);
    const prepared = prepareCollaterals(
      body.collaterals,
      body.insurance,
      new Set(before.collaterals.map((c) => c.id)),
      { requiresVin: product?.requiresVin ?? false, gathersInsurance: product?.gathersInsurance ?? false },
      'collaterals',
    );
    if (prepared.errors.length > 0) throw validationError(prepared.errors);
    const { after, changes } = await writeCollaterals(tx, auth.lenderId, applicationId, prepared, before);
    if (changes.length > 0) {
      await history({
        action: historyActions.collateralUpdated,
        description: `Collateral: ${describeCollaterals(after.collaterals)}`,
        entity: 'Collateral',
        changes,
      });
    }
    const retracting = changesOf.collaterals(before.collaterals, prepared.writes);
    await retractOnRuleMatch(tx, auth, application, history, retracting, retractionReasons.collaterals);
    return after;
  });
