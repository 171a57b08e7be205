import {
  communityPropertyStates,
  historyActions,
  messages,
  type Applicant,
  type ApplicantInput,
  type FieldError,
} from '@credence/contracts';
import {
  EIN_MASK_PATTERN,
  formatSsn,
  maskDocumentNumber,
  maskEin,
  maskSsn,
  normalizeSsn,
  SSN_MASK_PATTERN,
} from '@credence/domain';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { protectedPurposes, type DataProtector } from '../../../platform/crypto.ts';
import { diffEntities } from '../../../platform/diff.ts';
import { notFound, validationError } from '../../../platform/errors.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { StepUpAuthentication } from '../../auth/mfa-core.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import {
  changesOf,
  retractionReasons,
  retractOnRuleMatch,
} from '../decision-retraction/decision-retraction.service.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import * as repo from './applicants.repository.ts';

/** The name people see: "First Last", or the company name of a business. */
export const applicantName = (a: {
  isBusiness: boolean;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}) => (a.isBusiness ? (a.companyName ?? '') : [a.firstName, a.lastName].filter(Boolean).join(' '));

/** An applicant as the API shows it: SSN, EIN and document numbers masked (the domain's one rule), never decrypted. */
export const toApplicantView = (a: repo.LoadedApplicant): Applicant => {
  const r = a.row;
  return {
    id: r.id,
    applicantRole: r.role as Applicant['applicantRole'],
    isBusiness: r.isBusiness,
    memberNumber: r.memberNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    dob: r.dob,
    maritalStatus: r.maritalStatus as Applicant['maritalStatus'],
    socialSecurityNumber: r.ssnLast4 ? maskSsn(r.ssnLast4) : null,
    companyName: r.companyName,
    companyAccountNumber: r.companyAccountNumber,
    companyEstablishedDate: r.companyEstablishedDate,
    companyPhoneNumber: r.companyPhoneNumber,
    companyRole: r.companyRole as Applicant['companyRole'],
    businessEntityType: r.businessEntityType as Applicant['businessEntityType'],
    ownershipPercentage: r.ownershipPercentage,
    employerIdentificationNumber: r.employerIdentificationNumber ? maskEin(r.employerIdentificationNumber) : null,
    companyDebt: r.companyDebt,
    companyState: r.companyState,
    companyGrossIncome: r.companyGrossIncome,
    companyGrossIncomeFrequency: r.companyGrossIncomeFrequency as Applicant['companyGrossIncomeFrequency'],
    companyNaicsSic: r.companyNaicsSic,
    addresses: a.addresses.map((x) => ({
      addressLine1: x.addressLine1,
      addressLine2: x.addressLine2,
      city: x.city,
      state: x.state,
      zip: x.zip,
    })),
    phoneNumbers: a.phoneNumbers.map((x) => ({
      number: x.number,
      preferredContact: x.preferredContact,
      phoneType: x.phoneType,
    })),
    emails: a.emails.map((x) => ({ email: x.email, preferredContact: x.preferredContact })),
    employments: a.employments.map((x) => ({
      status: x.status as Applicant['employments'][number]['status'],
      employer: x.employer,
      occupation: x.occupation,
      yearsEmployed: x.yearsEmployed,
      monthsEmployed: x.monthsEmployed,
      salary: x.salary,
      payPeriod: x.payPeriod as Applicant['employments'][number]['payPeriod'],
      isCurrent: x.isCurrent,
    })),
    govtIssuedIds: a.govtIssuedIds.map((x) => ({
      id: x.id,
      govtIdType: x.govtIdType as Applicant['govtIssuedIds'][number]['govtIdType'],
      number: maskDocumentNumber(x.numberLast4),
      state: x.state,
      country: x.country,
      expirationDate: x.expirationDate,
    })),
    finances: a.finances.map((x) => ({
      description: x.description,
      type: x.type,
      amount: x.amount,
      isIncome: x.isIncome,
      isSecured: x.isSecured,
      balance: x.balance,
    })),
    assets: a.assets.map((x) => ({
      description: x.description,
      type: x.type,
      amount: x.amount,
      loanBalance: x.loanBalance,
    })),
  };
};

type SsnColumns = Pick<repo.ApplicantValues, 'ssnEncrypted' | 'ssnHash' | 'ssnLast4'>;
const NO_SSN: SsnColumns = { ssnEncrypted: null, ssnHash: null, ssnLast4: null };

/**
 * Checks the applicants an editor saves and turns them into rows: SSNs and document numbers encrypted (a
 * masked value sent back keeps the stored one), the primary applicant first. The rules, with a field error
 * each, all reported at once:
 * - exactly one primary applicant;
 * - a business loan's primary applicant is a business and only it; a consumer loan has no business;
 * - no two applicants share an SSN;
 * - a non-applicant spouse (at most one) is recorded only beside a married applicant who lives in a community
 *   property state (Regulation B 12 CFR 1002.5(c)(2)), and is married too.
 */
export const prepareApplicants = (
  inputs: readonly ApplicantInput[],
  existing: readonly repo.LoadedApplicant[],
  product: { isBusinessLoan: boolean },
  protector: DataProtector,
  prefix: string,
): { writes: repo.ApplicantWrite[]; errors: FieldError[] } => {
  const errors: FieldError[] = [];
  const field = (i: number, name: string) => `${prefix}.${i}.${name}`;
  const stored = new Map(existing.map((a) => [a.row.id, a]));

  const prepared = inputs.map((input, i) => {
    const current = input.id === undefined ? undefined : stored.get(input.id);
    if (input.id !== undefined && !current)
      errors.push({ field: field(i, 'id'), message: messages.applications.applicantNotFound });
    const ssn = ((): SsnColumns => {
      const value = input.socialSecurityNumber;
      const keep: SsnColumns = current
        ? { ssnEncrypted: current.row.ssnEncrypted, ssnHash: current.row.ssnHash, ssnLast4: current.row.ssnLast4 }
        : NO_SSN;
      if (value === undefined) return keep;
      if (value === null) return NO_SSN;
      if (SSN_MASK_PATTERN.test(value)) {
        if (current?.row.ssnLast4 && maskSsn(current.row.ssnLast4) === value) return keep;
        errors.push({ field: field(i, 'socialSecurityNumber'), message: messages.validation.fullSsnRequired });
        return NO_SSN;
      }
      const digits = normalizeSsn(value);
      if (!digits) {
        errors.push({ field: field(i, 'socialSecurityNumber'), message: messages.validation.invalidSsn });
        return NO_SSN;
      }
      return {
        ssnEncrypted: protector.encrypt(digits, protectedPurposes.ssn),
        ssnHash: protector.hash(digits, protectedPurposes.ssn),
        ssnLast4: digits.slice(5),
      };
    })();
    // The EIN is answered masked: sent back so, it keeps the stored number (a mask of another is refused).
    const ein = ((): string | null => {
      const value = input.employerIdentificationNumber;
      if (value === null || !EIN_MASK_PATTERN.test(value)) return value;
      const stored = current?.row.employerIdentificationNumber ?? null;
      if (stored && maskEin(stored) === value) return stored;
      errors.push({ field: field(i, 'employerIdentificationNumber'), message: messages.validation.fullEinRequired });
      return null;
    })();
    const govtIssuedIds = input.govtIssuedIds.map((g, j) => {
      const base = { govtIdType: g.govtIdType, state: g.state, country: g.country, expirationDate: g.expirationDate };
      if (g.number.startsWith('****')) {
        const match = current?.govtIssuedIds.find(
          (s) => s.id === g.id && maskDocumentNumber(s.numberLast4) === g.number,
        );
        if (match) return { ...base, numberEncrypted: match.numberEncrypted, numberLast4: match.numberLast4 };
        errors.push({
          field: field(i, `govtIssuedIds.${j}.number`),
          message: messages.applications.fullDocumentNumberRequired,
        });
      }
      return {
        ...base,
        numberEncrypted: protector.encrypt(g.number, protectedPurposes.govtIdNumber),
        numberLast4: g.number.slice(-4),
      };
    });
    const values: Omit<repo.ApplicantValues, 'sortOrder'> = {
      role: input.applicantRole,
      isBusiness: input.isBusiness,
      memberNumber: input.memberNumber,
      firstName: input.firstName,
      lastName: input.lastName,
      dob: input.dob,
      maritalStatus: input.maritalStatus,
      ...ssn,
      companyName: input.companyName,
      companyAccountNumber: input.companyAccountNumber,
      companyEstablishedDate: input.companyEstablishedDate,
      companyPhoneNumber: input.companyPhoneNumber,
      companyRole: input.companyRole,
      businessEntityType: input.businessEntityType,
      ownershipPercentage: input.ownershipPercentage,
      employerIdentificationNumber: ein,
      companyDebt: input.companyDebt,
      companyState: input.companyState,
      companyGrossIncome: input.companyGrossIncome,
      companyGrossIncomeFrequency: input.companyGrossIncomeFrequency,
      companyNaicsSic: input.companyNaicsSic,
    };
    const children: repo.ApplicantChildren = {
      addresses: input.addresses,
      phoneNumbers: input.phoneNumbers,
      emails: input.emails,
      employments: input.employments,
      govtIssuedIds,
      finances: input.finances,
      assets: input.assets,
    };
    return { id: current?.row.id, values, children, input };
  });

  const primaries = inputs.flatMap((a, i) => (a.applicantRole === 'PRIMARY' ? [i] : []));
  if (primaries.length !== 1) errors.push({ field: prefix, message: messages.applications.exactlyOnePrimary });
  inputs.forEach((a, i) => {
    const isPrimary = a.applicantRole === 'PRIMARY';
    if (product.isBusinessLoan && isPrimary && !a.isBusiness) {
      errors.push({ field: field(i, 'isBusiness'), message: messages.applications.businessPrimaryRequired });
    }
    if (a.isBusiness && (!product.isBusinessLoan || !isPrimary)) {
      errors.push({ field: field(i, 'isBusiness'), message: messages.applications.businessNotAllowed });
    }
  });

  const seen = new Map<string, number>();
  prepared.forEach((p, i) => {
    const hash = p.values.ssnHash;
    if (!hash) return;
    if (seen.has(hash))
      errors.push({ field: field(i, 'socialSecurityNumber'), message: messages.applications.duplicateSsn });
    else seen.set(hash, i);
  });

  const spouses = inputs.flatMap((a, i) => (a.applicantRole === 'NON_APPLICANT_SPOUSE' ? [i] : []));
  spouses.forEach((i, n) => {
    if (n > 0) {
      errors.push({ field: field(i, 'applicantRole'), message: messages.applications.oneSpouseOnly });
      return;
    }
    const married = inputs.filter(
      (a, j) => j !== i && a.applicantRole !== 'NON_APPLICANT_SPOUSE' && a.maritalStatus === 'MARRIED',
    );
    if (married.length === 0) {
      errors.push({ field: field(i, 'applicantRole'), message: messages.applications.spouseNeedsMarriedApplicant });
    } else if (
      !married.some((a) => (communityPropertyStates as readonly string[]).includes(a.addresses[0]?.state ?? ''))
    ) {
      errors.push({
        field: field(i, 'applicantRole'),
        message: messages.applications.spouseOnlyInCommunityPropertyState,
      });
    }
    const status = inputs[i]!.maritalStatus;
    if (status !== null && status !== 'MARRIED') {
      errors.push({ field: field(i, 'maritalStatus'), message: messages.applications.spouseMustBeMarried });
    }
  });

  // The primary applicant is sorted first; the others keep the editor's order.
  const ordered = [...prepared].sort(
    (a, b) => Number(b.input.applicantRole === 'PRIMARY') - Number(a.input.applicantRole === 'PRIMARY'),
  );
  const writes = ordered.map((p, sortOrder) => ({
    id: p.id,
    values: { ...p.values, sortOrder },
    children: p.children,
  }));
  return { writes, errors };
};

/** Loads the applicants as the API shows them. */
export const loadApplicantViews = async (tx: TenantTx, applicationId: number) =>
  (await repo.loadApplicants(tx, applicationId)).map(toApplicantView);

/** Writes prepared applicants; answers them as the API shows them and what changed (old → new, SSNs masked). */
export const writeApplicants = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  writes: repo.ApplicantWrite[],
  before: readonly Applicant[],
) => {
  await repo.replaceApplicants(tx, lenderId, applicationId, writes);
  const after = await loadApplicantViews(tx, applicationId);
  return { applicants: after, changes: diffEntities('Applicant', before, after) };
};

/** PUT applicants: replaces the applicants graph of an application the caller holds the lock of. */
export const saveApplicants = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { applicants: ApplicantInput[]; confirmFunded?: boolean | undefined },
) =>
  ctx.write(auth, applicationId, body.confirmFunded, async (tx, application, history) => {
    const product = await findLoanProduct(tx, application.loanProductId);
    const existing = await repo.loadApplicants(tx, applicationId);
    const { writes, errors } = prepareApplicants(
      body.applicants,
      existing,
      { isBusinessLoan: product?.isBusinessLoan ?? false },
      ctx.protector,
      'applicants',
    );
    if (errors.length > 0) throw validationError(errors);
    const { applicants, changes } = await writeApplicants(
      tx,
      auth.lenderId,
      applicationId,
      writes,
      existing.map(toApplicantView),
    );
    if (changes.length > 0) {
      await history({
        action: historyActions.applicantsUpdated,
        description: `Applicants: ${applicants.map(applicantName).join(', ')}`,
        entity: 'Applicant',
        changes,
      });
    }
    const retracting = changesOf.applicants(existing, writes);
    await retractOnRuleMatch(tx, auth, application, history, retracting, retractionReasons.applicants);
    return { applicants };
  });

/** GET applicants. */
export const getApplicants = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const applicants = await loadApplicantViews(tx, applicationId);
    if (applicants.length === 0 && !(await applicationExists(tx, applicationId))) throw notFound();
    return { applicants };
  });

const applicationExists = async (tx: TenantTx, applicationId: number) =>
  (await repo.countApplications(tx, applicationId)) > 0;

/**
 * The full SSN of an applicant, for a caller with canRevealSensitiveData. Every reveal is written to the
 * application's history, in the same transaction that reads the number.
 */
export const revealSsn = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  applicantId: number,
  authentication?: StepUpAuthentication,
) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const row = await repo.findApplicant(tx, applicationId, applicantId);
    if (!row?.ssnEncrypted) throw notFound();
    const digits = ctx.protector.decrypt(row.ssnEncrypted, protectedPurposes.ssn);
    // Issue 36: the audit row names the authentication that covered the reveal (never the number).
    if (authentication) {
      await recordAudit(tx, auth, {
        area: 'applications',
        action: 'ssnReveal',
        recordId: applicationId,
        details: { applicantId, authentication },
      });
    }
    await ctx.history(
      tx,
      auth,
      applicationId,
    )({
      action: historyActions.ssnRevealed,
      description: `Social Security Number of ${applicantName(row)} revealed`,
      entity: 'Applicant',
      changes: [],
    });
    return { socialSecurityNumber: formatSsn(digits) };
  });
