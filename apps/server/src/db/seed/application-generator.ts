import {
  applicantInputSchema,
  collateralInputSchema,
  historyActions,
  insuranceInputSchema,
  requestFieldsSchema,
  transactionSaveSchema,
  type ApplicationSource,
  type ApplicationState,
  type ControlType,
  type HistoryChange,
  type TransactionType,
} from '@credence/contracts';
import { userMention, vinCheckDigit } from '@credence/domain';
import type { DataProtector } from '../../platform/crypto.ts';
import type { ApplicantWrite } from '../../modules/applications/applicants/applicants.repository.ts';
import { applicantName, prepareApplicants } from '../../modules/applications/applicants/applicants.service.ts';
import { prepareRequest } from '../../modules/applications/applications.service.ts';
import type {
  CollateralWrite,
  InsuranceValues,
} from '../../modules/applications/collaterals/collaterals.repository.ts';
import { prepareCollaterals } from '../../modules/applications/collaterals/collaterals.service.ts';
import type { TransactionParts } from '../../modules/applications/transactions/transactions.repository.ts';
import { prepareTransaction } from '../../modules/applications/transactions/transactions.service.ts';
import type { applications } from '../schema/index.ts';
import {
  boats,
  colors,
  companies,
  employers,
  firstNames,
  insurers,
  lastNames,
  lienholders,
  modelYearCodes,
  recreationalVehicles,
  streetNames,
  streetSuffixes,
  vehicles,
  type Place,
} from './demo-data.ts';
import { cents, type Random } from './random.ts';

export type SeedProduct = {
  id: number;
  name: string;
  controlType: ControlType;
  directAllowed: boolean;
  indirectAllowed: boolean;
  requiresVin: boolean;
  gathersInsurance: boolean;
  isBusinessLoan: boolean;
};
export type SeedUser = { id: number; email: string; fullName: string };
export type SeedContext = {
  lenderId: number;
  places: readonly Place[];
  dealers: readonly { id: number; name: string }[];
  users: readonly SeedUser[];
  protector: DataProtector;
  now: Date;
};

/** Everything one application is made of, ready to be written (ids are given by the writer). */
export type ApplicationPlan = {
  values: Omit<typeof applications.$inferInsert, 'id'>;
  fees: { name: string; value: string }[];
  applicants: ApplicantWrite[];
  collaterals: CollateralWrite[];
  insurance: InsuranceValues | null;
  transaction: TransactionParts;
  comments: {
    type: 'DEALER' | 'JOURNAL';
    message: string;
    userId: number | null;
    sender: string | null;
    createdAt: Date;
  }[];
  history: {
    action: string;
    description: string;
    userId: number | null;
    createdAt: Date;
    entity: string;
    changes: HistoryChange[];
  }[];
};

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const dollars = (random: Random, min: number, max: number, step = 1) =>
  cents(Math.round(random.int(min / step, max / step) * step) * 100);

/** A VIN with a valid check digit for the given maker prefix and model year. */
export const makeVin = (random: Random, wmi: string, year: number) => {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const vds = Array.from({ length: 5 }, () => random.pick([...alphabet])).join('');
  const plant = random.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']);
  const draft = `${wmi}${vds}0${modelYearCodes[year] ?? 'R'}${plant}${random.digits(6)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

/**
 * A never-issued SSN (area 900–999 with group 01–49 is neither an SSN nor an ITIN): realistic to look at,
 * nobody's number.
 */
const fictionalSsn = (random: Random) =>
  `${random.int(900, 999)}-${String(random.int(1, 49)).padStart(2, '0')}-${String(random.int(1, 9999)).padStart(4, '0')}`;

const person = (random: Random, ctx: SeedContext, lastName?: string, place?: Place) => {
  const firstName = random.pick(firstNames);
  const last = lastName ?? random.pick(lastNames);
  const home = place ?? random.pick(ctx.places);
  const years = random.int(22, 68);
  const dob = new Date(ctx.now.getTime() - (years * 365 + random.int(0, 364)) * DAY_MS);
  const job = random.pick(employers);
  const salary = random.int(38, 165) * 1000;
  // Housing takes 11–32 % of the gross monthly income (at least a modest apartment's rent).
  const rent = Math.max(900, Math.round(((salary / 12) * (random.int(11, 32) / 100)) / 25) * 25);
  return {
    firstName,
    lastName: last,
    dob: isoDate(dob),
    memberNumber: random.chance(0.7) ? random.digits(7) : null,
    socialSecurityNumber: fictionalSsn(random),
    addresses: [
      {
        addressLine1: `${random.int(100, 9899)} ${random.pick(streetNames)} ${random.pick(streetSuffixes)}`,
        addressLine2: random.chance(0.15) ? `Apt ${random.int(1, 40)}` : null,
        city: home.city,
        state: home.state,
        zip: `${home.zip}${random.digits(2)}`,
      },
    ],
    phoneNumbers: [{ number: `${home.areaCode}5550${random.int(100, 199)}`, preferredContact: true, phoneType: 1 }],
    emails: [
      {
        email: `${firstName}.${last}${random.int(1, 99)}@example.com`.toLowerCase().replaceAll("'", ''),
        preferredContact: true,
      },
    ],
    employments: [
      {
        status: job.employer === 'Self' ? 'SELF_EMPLOYED' : job.employer.startsWith('U.S.') ? 'MILITARY' : 'EMPLOYED',
        employer: job.employer === 'Self' ? `${last} Electric` : job.employer,
        occupation: job.occupation,
        yearsEmployed: random.int(0, 20),
        monthsEmployed: random.int(0, 11),
        salary: cents(salary * 100),
        payPeriod: 'Annually',
        isCurrent: true,
      },
    ],
    govtIssuedIds: [
      {
        govtIdType: 'STATE_DRIVERS_LICENSE',
        number: `${random.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ'])}${random.digits(8)}`,
        state: home.state,
        country: 'US',
        expirationDate: isoDate(new Date(ctx.now.getTime() + random.int(200, 2000) * DAY_MS)),
      },
    ],
    finances: [
      {
        description: random.chance(0.5) ? 'Rent' : 'Mortgage',
        type: 'Housing',
        amount: cents(rent * 100),
        isIncome: false,
      },
      ...(random.chance(0.3)
        ? [
            {
              description: 'Student loan',
              type: 'Installment',
              amount: cents(random.int(150, 600) * 100),
              isIncome: false,
              balance: cents(random.int(4, 40) * 100_000),
            },
          ]
        : []),
    ],
    assets: random.chance(0.6)
      ? [{ description: 'Savings at the credit union', type: 'Deposit', amount: cents(random.int(1, 60) * 50_000) }]
      : [],
  };
};

type Blueprint = { product: SeedProduct; state: ApplicationState; index: number };

/** One application, every part checked by the same rules the API applies (a mistake here fails the seed). */
export const planApplication = (
  random: Random,
  ctx: SeedContext,
  { product, state, index }: Blueprint,
): ApplicationPlan => {
  const vehicleLoan = ['AUTOMOTIVE', 'BOAT', 'RV'].includes(product.controlType);
  const direct = !product.indirectAllowed || (product.directAllowed && random.chance(0.55));
  const dealer = ctx.dealers.length > 0 ? random.pick(ctx.dealers) : undefined;
  const creator = random.pick(ctx.users);
  const createdAt = new Date(ctx.now.getTime() - random.int(1, 120) * DAY_MS - random.int(0, 86_399) * 1000);
  const year = random.int(2016, 2026);
  const transactionTypes: TransactionType[] = [
    'DEALER',
    'BUYER_SELLER',
    'REFINANCE',
    'INTERNAL_REFINANCE',
    'PRE_APPROVAL',
  ];
  const transactionType = vehicleLoan && direct ? transactionTypes[index % transactionTypes.length]! : null;
  const dealerId = !direct || transactionType === 'DEALER' ? (dealer?.id ?? null) : null;

  // Applicants.
  const primary = person(random, ctx);
  const married = random.chance(0.5);
  const rawApplicants: Record<string, unknown>[] = [];
  if (product.isBusinessLoan) {
    const company = random.pick(companies);
    const owner = primary;
    rawApplicants.push({
      applicantRole: 'PRIMARY',
      isBusiness: true,
      companyName: company.name,
      companyAccountNumber: random.digits(8),
      companyEstablishedDate: isoDate(new Date(ctx.now.getTime() - random.int(3, 25) * 365 * DAY_MS)),
      companyPhoneNumber: owner.phoneNumbers[0]!.number,
      businessEntityType: company.entity,
      employerIdentificationNumber: `${random.int(10, 99)}-${random.digits(7)}`,
      companyDebt: cents(random.int(2, 40) * 100_000),
      companyState: owner.addresses[0]!.state,
      companyGrossIncome: cents(random.int(25, 400) * 1_000_000),
      companyGrossIncomeFrequency: 'Annually',
      companyNaicsSic: company.naics,
      addresses: owner.addresses,
      phoneNumbers: owner.phoneNumbers,
    });
    rawApplicants.push({
      ...owner,
      applicantRole: 'GUARANTOR',
      maritalStatus: married ? 'MARRIED' : 'UNMARRIED',
      companyRole: 'OWNER',
      ownershipPercentage: random.pick([5100, 7500, 10000]),
    });
  } else {
    rawApplicants.push({
      ...primary,
      applicantRole: 'PRIMARY',
      maritalStatus: married ? 'MARRIED' : random.pick(['UNMARRIED', 'SEPARATED']),
    });
    if (married && random.chance(0.5)) {
      const spouse = person(random, ctx, primary.lastName);
      rawApplicants.push({
        ...spouse,
        addresses: primary.addresses,
        // One home: the household's rent or mortgage is on the primary applicant, not counted twice.
        finances: spouse.finances.filter((f) => f.type !== 'Housing'),
        applicantRole: 'CO_APPLICANT',
        maritalStatus: 'MARRIED',
      });
    } else if (married && ['AZ', 'CA', 'NV'].includes(primary.addresses[0]!.state)) {
      const spouse = person(random, ctx, primary.lastName);
      rawApplicants.push({
        applicantRole: 'NON_APPLICANT_SPOUSE',
        firstName: spouse.firstName,
        lastName: spouse.lastName,
        dob: spouse.dob,
        maritalStatus: 'MARRIED',
        addresses: primary.addresses,
      });
    } else if (random.chance(0.15)) {
      rawApplicants.push({ ...person(random, ctx), applicantRole: 'CO_SIGNER', maritalStatus: 'UNMARRIED' });
    }
  }
  const applicants = prepareApplicants(
    rawApplicants.map((a) => applicantInputSchema.parse(a)),
    [],
    product,
    ctx.protector,
    'applicants',
  );
  if (applicants.errors.length > 0) throw new Error(`Seed applicants invalid: ${JSON.stringify(applicants.errors)}`);

  // Request and collateral by control type.
  const rawCollaterals: Record<string, unknown>[] = [];
  let request: Record<string, unknown> = { paymentFrequencyId: random.chance(0.85) ? 'Monthly' : 'BiWeekly' };
  const fees: { name: string; value: string }[] = [];
  let price = 0;
  switch (product.controlType) {
    case 'AUTOMOTIVE':
    case 'RV':
    case 'BOAT': {
      let value: number;
      if (product.controlType === 'AUTOMOTIVE') {
        const v = random.pick(vehicles);
        const used = year < 2025;
        value = Math.round(v.price * (used ? 1 - (2026 - year) * 0.08 : 1));
        rawCollaterals.push({
          family: 'Auto',
          type: v.type,
          identificationNumber: makeVin(random, v.wmi, year),
          year,
          make: v.make,
          model: v.model,
          style: v.style,
          color: random.pick(colors),
          mileage: used ? (2026 - year) * random.int(8, 15) * 1000 : random.int(5, 60),
          isUsed: used,
          isNew: !used,
          value: cents(value * 100),
          msrp: cents(v.price * 100),
        });
      } else if (product.controlType === 'RV') {
        const rv = random.pick(recreationalVehicles);
        value = Math.round(rv.price * (1 - (2026 - year) * 0.06));
        rawCollaterals.push({
          family: rv.family,
          type: rv.type,
          identificationNumber: makeVin(random, rv.wmi, year),
          year,
          make: rv.make,
          model: rv.model,
          style: rv.style,
          mileage: rv.family === 'Auto' ? random.int(2, 60) * 1000 : null,
          isUsed: year < 2025,
          value: cents(value * 100),
        });
      } else {
        const b = random.pick(boats);
        value = Math.round(b.price * (1 - (2026 - year) * 0.05));
        rawCollaterals.push(
          {
            family: 'Boat',
            type: 'BOAT',
            identificationNumber: `${b.hin}${random.digits(5)}${random.pick([...'ABCDEFGHJKL'])}${random.digits(1)}${String(year).slice(2)}`,
            year,
            make: b.make,
            model: b.model,
            length: b.length,
            hours: random.int(0, 600),
            isUsed: year < 2025,
            value: cents(Math.round(value * 0.85) * 100),
          },
          {
            family: 'Engine',
            type: 'ENGINE',
            year,
            make: b.engine.split(' ')[0],
            model: b.engine,
            hours: random.int(0, 600),
          },
          {
            family: 'Trailer',
            type: 'TRAILER',
            identificationNumber: makeVin(random, '1ZE', year),
            year,
            make: 'EZ Loader',
            model: `${b.length}ft bunk trailer`,
            value: cents(Math.round(value * 0.15) * 100),
          },
        );
      }
      price = value;
      const ttl = Math.round(value * 7.5);
      const down = random.chance(0.7) ? random.int(0, Math.round((value * 0.2) / 100)) * 10_000 : 0;
      fees.push(
        { name: 'Documentation fee', value: '499.00' },
        { name: 'Title and registration', value: cents(random.int(80, 350) * 100) },
      );
      request = {
        ...request,
        negotiatedPrice: cents(value * 100),
        ttlEstimate: cents(ttl),
        cashDown: cents(down),
        rebate: random.chance(0.2) ? '1000.00' : null,
        netTradeIn: random.chance(0.3) ? cents(random.int(-20, Math.round(value * 0.004)) * 10_000) : null,
        otherFrontEndFees: fees,
        gap: random.chance(0.5) ? '595.00' : null,
        warranty: random.chance(0.35) ? cents(random.int(12, 32) * 10_000) : null,
        creditLife: random.chance(0.1) ? cents(random.int(150, 450) * 100) : null,
        termMonths: random.pick([36, 48, 60, 72, 84]),
        value: cents(value * 100),
      };
      break;
    }
    case 'CREDIT_CARD':
      request = {
        ...request,
        paymentFrequencyId: 'Monthly',
        requestedAmount: dollars(random, 2500, 25000, 500),
        isOpenEnded: true,
      };
      break;
    case 'PERSONAL':
      request = {
        ...request,
        estAmtFinanced: dollars(random, 2000, 25000, 250),
        termMonths: random.pick([12, 24, 36, 48, 60]),
      };
      break;
    case 'HEL': {
      const homeValue = random.int(350, 950) * 1000;
      const home = primary.addresses[0]!;
      const place = ctx.places.find((p) => p.city === home.city);
      request = {
        ...request,
        estAmtFinanced: dollars(random, 20000, 150000, 1000),
        termMonths: random.pick([60, 120, 180]),
        value: cents(homeValue * 100),
      };
      rawCollaterals.push({
        family: 'Home',
        type: 'HOME',
        value: cents(homeValue * 100),
        year: random.int(1965, 2020),
        address: { addressLine1: home.addressLine1, city: home.city, state: home.state, zip: home.zip },
        isPrimaryAddress: true,
        county: place?.county ?? null,
        maxLoanAmount: cents(Math.round(homeValue * 0.8) * 100),
        qualifiedMortgageType: 'SAFE_HARBOR',
        lienPosition: 2,
        homeValueType: random.pick(['Appraisal', 'AVM', 'Tax assessment']),
        homeLoanType: 'CONVENTIONAL',
        hmdaPurposeType: random.pick(['HOME_IMPROVEMENT', 'OTHER_PURPOSE', 'CASH_OUT_REFINANCING']),
        constructionMethod: 'SITE_BUILT',
        totalUnits: 1,
        censusTrack: `${random.digits(4)}.${random.digits(2)}`,
        securedPropertyType: 'NOT_APPLICABLE',
        landPropertyInterest: 'NOT_APPLICABLE',
        homeOccupancyStatus: 'PRINCIPAL_RESIDENCE',
        isFloodInsuranceRequired: random.chance(0.1),
        floodZoneType: random.pick(['X', 'X', 'X', 'AE']),
      });
      break;
    }
    case 'CD_SHARE': {
      const cd = random.chance(0.5);
      const amount = random.int(8, 80) * 25_000;
      request = { ...request, estAmtFinanced: cents(amount), termMonths: random.pick([12, 24, 36]) };
      rawCollaterals.push({
        family: cd ? 'Cd' : 'Share',
        type: cd ? 'CD' : 'SHARE',
        accountNumber: random.digits(10),
        currentRate: random.int(150, 480),
        accountOwner: `${primary.firstName} ${primary.lastName}`,
        holdPercentage: 10000,
        maturityDate: cd ? isoDate(new Date(ctx.now.getTime() + random.int(90, 900) * DAY_MS)) : null,
        memberNumber: primary.memberNumber,
        value: cents(Math.round(amount * 1.1)),
      });
      break;
    }
  }
  if (transactionType === 'REFINANCE' || transactionType === 'INTERNAL_REFINANCE') {
    // A refinance finances the payoff of the existing loan: no price, down payment, rebate or trade-in.
    request.negotiatedPrice = cents(Math.round(price * 0.7) * 100);
    request.ttlEstimate = null;
    request.cashDown = null;
    request.rebate = null;
    request.netTradeIn = null;
  }
  const preparedRequest = prepareRequest(requestFieldsSchema.parse(request), product.controlType, 'request.');
  if (preparedRequest.errors.length > 0)
    throw new Error(`Seed request invalid: ${JSON.stringify(preparedRequest.errors)}`);

  const insurance =
    product.gathersInsurance && rawCollaterals.length > 0
      ? insuranceInputSchema.parse({
          company: random.pick(insurers),
          policyNumber: `${random.pick(['PA', 'AU', 'VH'])}-${random.digits(9)}`,
          agentFirstName: random.pick(firstNames),
          agentLastName: random.pick(lastNames),
          agentPhoneNumber: `8005550${random.int(100, 199)}`,
          expirationDate: isoDate(new Date(ctx.now.getTime() + random.int(30, 365) * DAY_MS)),
        })
      : null;
  const collaterals = prepareCollaterals(
    rawCollaterals.map((c) => collateralInputSchema.parse(c)),
    insurance,
    new Set(),
    product,
    'collaterals',
  );
  if (collaterals.errors.length > 0) throw new Error(`Seed collateral invalid: ${JSON.stringify(collaterals.errors)}`);

  // Transaction parts of direct vehicle loans.
  const place = random.pick(ctx.places);
  const payoff = cents(Math.round(price * 0.7) * 100);
  const transactionInput = transactionSaveSchema.parse({
    transactionType,
    dealerId,
    tradeIns:
      request.netTradeIn !== null && request.netTradeIn !== undefined
        ? [
            {
              year: year - random.int(4, 10),
              ...(({ make, model, style }) => ({ make, model, style }))(random.pick(vehicles)),
              lienHolderName: random.chance(0.4) ? random.pick(lienholders) : null,
            },
          ]
        : [],
    dealerPurchase:
      transactionType === 'DEALER' && dealer
        ? {
            dealership: dealer.name,
            amountToDealer: request.negotiatedPrice ?? null,
            attention: 'Finance Manager',
            spokeTo: random.pick(firstNames),
          }
        : null,
    sellers:
      transactionType === 'BUYER_SELLER'
        ? [
            {
              sellingPrice: request.negotiatedPrice ?? null,
              sellerNames: `${random.pick(firstNames)} ${random.pick(lastNames)}`,
              phoneNumber: `${place.areaCode}5550${random.int(100, 199)}`,
              address: {
                addressLine1: `${random.int(100, 9899)} ${random.pick(streetNames)} St`,
                city: place.city,
                state: place.state,
                zip: `${place.zip}${random.digits(2)}`,
              },
              hasLien: random.chance(0.4),
            },
          ]
        : [],
    lien:
      transactionType === 'REFINANCE' || transactionType === 'BUYER_SELLER'
        ? {
            lienholder: random.pick(lienholders),
            accountNumber: random.digits(10),
            payoffAmount: payoff,
            perDiem: cents(random.int(300, 1800)),
            payment: cents(random.int(250, 900) * 100),
            goodThrough: isoDate(new Date(ctx.now.getTime() + 10 * DAY_MS)),
            mailTo: 'PO Box 380901, Bloomington, MN 55438',
          }
        : null,
    internalRefinance:
      transactionType === 'INTERNAL_REFINANCE'
        ? {
            memberNumber: primary.memberNumber ?? random.digits(7),
            loanNumber: random.digits(4),
            payoffAmount: payoff,
            perDiem: cents(random.int(300, 1800)),
            goodThrough: isoDate(new Date(ctx.now.getTime() + 10 * DAY_MS)),
          }
        : null,
  });
  const transaction = prepareTransaction(transactionInput, { direct, controlType: product.controlType }, '');
  if (transaction.errors.length > 0) throw new Error(`Seed transaction invalid: ${JSON.stringify(transaction.errors)}`);

  const source: ApplicationSource = direct ? random.pick(['LENDER', 'LENDER', 'CONSUMER_WEB', 'CROSS_SELL']) : 'DEALER';
  const names = rawApplicants.map((a) =>
    applicantName({
      isBusiness: a.isBusiness === true,
      firstName: (a.firstName as string) ?? null,
      lastName: (a.lastName as string) ?? null,
      companyName: (a.companyName as string) ?? null,
    }),
  );
  const colleague = ctx.users.find((u) => u.id !== creator.id) ?? creator;
  const comments: ApplicationPlan['comments'] = [];
  if (random.chance(0.6)) {
    comments.push({
      type: 'JOURNAL',
      message: random.chance(0.5)
        ? `Verified employment and income by phone. ${userMention(colleague.email, colleague.fullName)} please review the stipulations.`
        : 'Applicant asked about autopay from checking; rate discount noted.',
      userId: creator.id,
      sender: null,
      createdAt: new Date(createdAt.getTime() + random.int(1, 72) * 3_600_000),
    });
  }
  if (!direct && dealer && random.chance(0.7)) {
    comments.push({
      type: 'DEALER',
      message: 'Customer is ready to sign today; please expedite.',
      userId: null,
      sender: `${dealer.name} F&I`,
      createdAt: new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000),
    });
  }
  return {
    values: {
      lenderId: ctx.lenderId,
      loanProductId: product.id,
      state,
      source,
      direct,
      dealerId,
      transactionType,
      purpose:
        product.controlType === 'PERSONAL'
          ? random.pick(['Debt consolidation', 'Home repairs', 'Medical expenses', 'Wedding'])
          : null,
      ...preparedRequest.columns,
      createdByUserId: creator.id,
      createdAt,
      updatedAt: createdAt,
    },
    fees: preparedRequest.fees,
    applicants: applicants.writes,
    collaterals: collaterals.writes,
    insurance: collaterals.insurance,
    transaction: transaction.parts,
    comments,
    history: [
      {
        action: historyActions.created,
        description: `${product.name} for ${names.join(', ')}`,
        userId: creator.id,
        createdAt,
        entity: 'Application',
        changes: [],
      },
    ],
  };
};
