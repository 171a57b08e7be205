import { collateralFamilies, collateralTypes } from '@credence/contracts';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { money, oneOf } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Collateral of an application. `family` is the dialog form, `type` the collateral type; the share/CD and
 * home columns are used by those forms only. Percentages are hundredths of a percent.
 */
export const collaterals = pgTable(
  'collaterals',
  {
    ...applicationChildColumns(),
    family: text('family').notNull(),
    type: text('type').notNull(),
    identificationNumber: text('identification_number'),
    value: money('value'),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    style: text('style'),
    color: text('color'),
    hours: integer('hours'),
    mileage: integer('mileage'),
    length: integer('length'),
    isUsed: boolean('is_used').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    msrp: money('msrp'),
    vehicleValuationType: text('vehicle_valuation_type'),
    isFloodInsuranceRequired: boolean('is_flood_insurance_required').notNull().default(false),
    floodZoneType: text('flood_zone_type'),
    // Share and CD
    accountNumber: text('account_number'),
    currentRate: integer('current_rate'),
    accountOwner: text('account_owner'),
    holdPercentage: integer('hold_percentage'),
    maturityDate: date('maturity_date'),
    isSalvage: boolean('is_salvage').notNull().default(false),
    memberNumber: text('member_number'),
    // Home
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    isPrimaryAddress: boolean('is_primary_address').notNull().default(false),
    county: text('county'),
    maxLoanAmount: money('max_loan_amount'),
    qualifiedMortgageType: text('qualified_mortgage_type'),
    lienPosition: integer('lien_position'),
    homeValueType: text('home_value_type'),
    homeLoanType: text('home_loan_type'),
    hmdaPurposeType: text('hmda_purpose_type'),
    constructionMethod: text('construction_method'),
    totalUnits: integer('total_units'),
    censusTrack: text('census_track'),
    securedPropertyType: text('secured_property_type'),
    landPropertyInterest: text('land_property_interest'),
    homeOccupancyStatus: text('home_occupancy_status'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    belongsToApplication('collaterals', t),
    unique('collaterals_id_lender_key').on(t.id, t.lenderId),
    index('collaterals_application_idx').on(t.applicationId, t.sortOrder),
    index('collaterals_identification_number_idx').on(t.lenderId, t.identificationNumber),
    check('collaterals_family_check', oneOf(t.family, collateralFamilies)),
    check('collaterals_type_check', oneOf(t.type, collateralTypes)),
  ],
);

const collateralChildColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  lenderId: integer('lender_id')
    .notNull()
    .references(() => lenders.id),
  collateralId: integer('collateral_id').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
const belongsToCollateral = (table: string, t: { collateralId: AnyPgColumn; lenderId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_collateral_fk`,
    columns: [t.collateralId, t.lenderId],
    foreignColumns: [collaterals.id, collaterals.lenderId],
  }).onDelete('cascade');

export const collateralLiens = pgTable(
  'collateral_liens',
  {
    ...collateralChildColumns(),
    lienholder: text('lienholder'),
    accountNumber: text('account_number'),
    payoffAmount: money('payoff_amount'),
    perDiem: money('per_diem'),
  },
  (t) => [belongsToCollateral('collateral_liens', t), index('collateral_liens_collateral_idx').on(t.collateralId)],
);

export const collateralGrantors = pgTable(
  'collateral_grantors',
  {
    ...collateralChildColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
  },
  (t) => [
    belongsToCollateral('collateral_grantors', t),
    index('collateral_grantors_collateral_idx').on(t.collateralId),
  ],
);

export const collateralAccessories = pgTable(
  'collateral_accessories',
  {
    ...collateralChildColumns(),
    code: text('code').notNull(),
    description: text('description'),
    isSelected: boolean('is_selected').notNull().default(false),
  },
  (t) => [
    belongsToCollateral('collateral_accessories', t),
    index('collateral_accessories_collateral_idx').on(t.collateralId),
  ],
);
