import type { CreditBureau } from '@credence/contracts';

/**
 * What a letter prints about a consumer reporting agency (FCRA §615(a)(3)(A): its name, address and toll-free
 * telephone number): the three national bureaus' consumer-disclosure addresses, as they publish them.
 */
export const bureauContacts: Record<CreditBureau, { name: string; address: string; phone: string; website: string }> = {
  Equifax: {
    name: 'Equifax Information Services LLC',
    address: 'P.O. Box 740241\nAtlanta, GA 30374',
    phone: '1-800-685-1111',
    website: 'www.equifax.com',
  },
  Experian: {
    name: 'Experian',
    address: 'P.O. Box 2002\nAllen, TX 75013',
    phone: '1-888-397-3742',
    website: 'www.experian.com',
  },
  TransUnion: {
    name: 'TransUnion LLC',
    address: 'P.O. Box 1000\nChester, PA 19016',
    phone: '1-800-888-4213',
    website: 'www.transunion.com',
  },
};

/**
 * State notices a creditor adds to an adverse action notice for applicants of these states (`{{stateNotice}}`):
 * Ohio's anti-discrimination notice (Ohio Rev. Code 4112.021) and California's separate-account notice for
 * married applicants (Cal. Civ. Code 1812.30). Other states print nothing.
 */
export const stateNotices: Partial<Record<string, string>> = {
  OH:
    'The Ohio laws against discrimination require that all creditors make credit equally available to all ' +
    'creditworthy customers, and that credit reporting agencies maintain separate credit histories on each ' +
    'individual upon request. The Ohio civil rights commission administers compliance with this law.',
  CA: 'California residents: an applicant, if married, may apply for a separate account.',
};

/**
 * The key factors a score disclosure lists (FCRA §609(f)(1)(C), §615(a)(2)(B)): at most four, and a fifth when
 * the number of inquiries is a key factor but not among the first four.
 */
export const keyFactorsOf = (factors: readonly string[]): string[] => {
  const first = factors.slice(0, 4);
  const inquiries = factors.slice(4).find((f) => /inquir/i.test(f));
  return inquiries && !first.some((f) => /inquir/i.test(f)) ? [...first, inquiries] : first;
};
