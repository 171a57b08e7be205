import { setTimeout as delay } from 'node:timers/promises';
import type { CoreService } from '@credence/contracts';
import type { DbExecutor } from '../../db/client.ts';
import {
  CoreError,
  type CoreAddress,
  type CoreBooking,
  type CoreDebt,
  type CoreMember,
  type CoreProvider,
} from './core.ts';
import * as ledger from './sandbox-ledger.ts';
import { CORE_TEST_MEMBERS, sandboxProfiles, virtualTestMembers } from './sandbox-profiles.ts';

export type SandboxCoreOptions = {
  /** How long a call waits for the core before it gives up with CoreError 'timeout' (default 3000 ms). */
  timeoutMs?: number;
};

export const DEFAULT_CORE_TIMEOUT_MS = 3000;

const LOAN_COUNTER = 'loanId';
const SHARE_COUNTER = 'shareAccount';
const MEMBER_COUNTER = 'member';

/** A decimal the ledger's numeric columns take (the payload comes from the dry run, in the core's words). */
const decimalOf = (payload: Record<string, unknown>, keys: string[], scale: number): string | null => {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'string' && new RegExp(`^\\d{1,10}(\\.\\d{1,${scale}})?$`).test(value)) return value;
  }
  return null;
};
const textOf = (payload: Record<string, unknown>, keys: string[]): string | null => {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
  }
  return null;
};

const addressOf = (value: Record<string, unknown> | null): CoreAddress[] => {
  if (!value) return [];
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return [{ addressLine1: text('addressLine1'), city: text('city'), state: text('state'), zip: text('zip') }];
};

const memberOf = (row: ledger.LedgerMember): CoreMember => ({
  memberNumber: row.memberNumber,
  name: `${row.lastName}, ${row.firstName}`,
  role: row.role,
  addresses: addressOf(row.address ?? null),
  status: row.status === 'closed' ? 'closed' : 'open',
});

const bookingOf = (row: ledger.LedgerAccount, messages: string[]): CoreBooking => ({
  reference: row.reference ?? '',
  coreLoanId: row.accountId,
  memberNumber: row.memberNumber,
  status: row.status === 'reversed' ? 'reversed' : 'booked',
  messages,
});

/**
 * A deterministic sandbox of one core (README.md): the shared ledger, the core's own id formats and wording,
 * and the documented test members (CORE_TEST_MEMBERS) that time out or are refused.
 */
export const createSandboxCore = (
  db: DbExecutor,
  coreService: CoreService,
  options: SandboxCoreOptions = {},
): CoreProvider => {
  const profile = sandboxProfiles[coreService];
  const timeoutMs = options.timeoutMs ?? DEFAULT_CORE_TIMEOUT_MS;
  const texts = profile.texts;

  const noAnswer = async (): Promise<never> => {
    await delay(timeoutMs);
    throw new CoreError('timeout', [`${coreService} did not answer within ${timeoutMs} ms`]);
  };
  const refuse = (message: string): never => {
    throw new CoreError('refused', [message]);
  };
  /** Every call: a CoreError passes through; anything else (the ledger unreachable) is 'unavailable'. */
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CoreError) throw error;
      throw new CoreError('unavailable', [`${coreService} is unavailable`]);
    }
  };
  const timesOut = (memberNumber: string | null | undefined) => memberNumber === CORE_TEST_MEMBERS.timeout;

  /** The member at the core: a ledger row, or one of the virtual test members; null when unknown. */
  const findMember = async (lenderId: number, memberNumber: string): Promise<CoreMember | null> => {
    const row = await ledger.findMember(db, lenderId, memberNumber);
    if (row) return memberOf(row);
    const test = virtualTestMembers[memberNumber];
    return test
      ? {
          memberNumber,
          name: `${test.lastName}, ${test.firstName}`,
          role: 'Primary',
          addresses: [],
          status: test.status,
        }
      : null;
  };
  const requireMember = async (lenderId: number, memberNumber: string) => {
    const member = await findMember(lenderId, memberNumber);
    return member ?? refuse(texts.unknownMember(memberNumber));
  };

  /**
   * The next loan id (a preview, or taken): ids already on the ledger (seeded accounts, a loan id typed by
   * hand) are skipped, so a generated id is always free when it is given.
   */
  const nextId = async (lenderId: number, counter: string, format: (n: number) => string, take: boolean) => {
    let n = take
      ? await ledger.takeCounter(db, lenderId, counter)
      : (await ledger.peekCounter(db, lenderId, counter)) + 1;
    for (let attempt = 0; attempt < 1000 && (await ledger.accountExists(db, lenderId, format(n))); attempt += 1) {
      n = take ? await ledger.takeCounter(db, lenderId, counter) : n + 1;
    }
    return format(n);
  };

  const shareFormat = () => profile.shareAccountNumber ?? refuse(texts.shareNotSupported);

  return {
    coreService,
    canGenerateLoanId: true,
    canGenerateShareAccountNumber: profile.shareAccountNumber !== null,

    lookupMembers: (lenderId, query) =>
      call(async () => {
        const memberNumber = query.memberNumber?.trim() || null;
        if (timesOut(memberNumber)) return noAnswer();
        let members: CoreMember[] = [];
        if (memberNumber) {
          const member = await findMember(lenderId, memberNumber);
          if (member) members = [member];
        }
        const ssn = query.ssn?.replace(/\D/g, '') ?? '';
        if (members.length === 0 && ssn.length === 9) {
          members = (await ledger.findMembersBySsn(db, lenderId, ssn)).map(memberOf);
        }
        return {
          membersList: members,
          cardAccountsSupported: profile.cardAccountsSupported,
          chargeOffSupported: profile.chargeOffSupported,
        };
      }),

    createMember: (lenderId, member) =>
      call(async () => {
        const taxId = { kind: member.taxId.kind, digits: member.taxId.digits.replace(/\D/g, '') };
        if (taxId.digits.length !== 9)
          refuse(`${coreService}: a member needs a nine-digit ${taxId.kind === 'ein' ? 'EIN' : 'SSN'}`);
        // A core keeps one membership per person (or business): the open member already on file for the tax id is
        // answered (so a funding retried after a failed booking does not open a second membership).
        const existing = (await ledger.findMembersByTaxId(db, lenderId, taxId)).find((m) => m.status === 'open');
        if (existing) return memberOf(existing);
        // A number already used (a seeded member) is skipped: the next one is taken.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const memberNumber = profile.memberNumber(await ledger.takeCounter(db, lenderId, MEMBER_COUNTER));
          const row = {
            lenderId,
            memberNumber,
            firstName: member.firstName,
            lastName: member.lastName,
            ssnHash: ledger.sandboxTaxIdHash(taxId),
            role: 'Primary',
            address: member.address ? { ...member.address } : null,
            status: 'open',
          };
          if (await ledger.insertMember(db, row)) return memberOf({ ...row, createdAt: new Date() });
        }
        throw new CoreError('unavailable', [`${coreService}: no member number available`]);
      }),

    existingLoanIds: (lenderId, memberNumber) =>
      call(async () => {
        if (timesOut(memberNumber)) return noAnswer();
        await requireMember(lenderId, memberNumber);
        return (await ledger.listOpenAccounts(db, lenderId, memberNumber, 'loan')).map((a) => a.accountId);
      }),

    potentialLoanId: (lenderId, memberNumber) =>
      call(async () => {
        if (timesOut(memberNumber)) return noAnswer();
        return nextId(lenderId, LOAN_COUNTER, profile.loanId, false);
      }),

    generateLoanId: (lenderId, memberNumber) =>
      call(async () => {
        if (timesOut(memberNumber)) return noAnswer();
        return nextId(lenderId, LOAN_COUNTER, profile.loanId, true);
      }),

    potentialShareAccountNumber: (lenderId) => call(async () => nextId(lenderId, SHARE_COUNTER, shareFormat(), false)),

    generateShareAccountNumber: (lenderId) => call(async () => nextId(lenderId, SHARE_COUNTER, shareFormat(), true)),

    bookLoan: (lenderId, request) =>
      call(async () => {
        if (timesOut(request.memberNumber)) return noAnswer();
        const existing = await ledger.findAccountByReference(db, lenderId, request.reference);
        if (existing) return bookingOf(existing, [texts.booked(existing.accountId, existing.memberNumber)]);
        const member = await requireMember(lenderId, request.memberNumber);
        if (member.status === 'closed') refuse(texts.closedMember(request.memberNumber));
        const loanId = request.loanId.trim() || (await nextId(lenderId, LOAN_COUNTER, profile.loanId, true));
        const payload = request.payload;
        const inserted = await ledger.insertAccount(db, {
          lenderId,
          accountId: loanId,
          kind: 'loan',
          memberNumber: request.memberNumber,
          reference: request.reference,
          description: textOf(payload, ['description', 'loanDescription', 'Description']) ?? 'Loan',
          balance: decimalOf(payload, ['amount', 'loanAmount', 'Amount', 'balance'], 2) ?? '0',
          monthlyPayment: decimalOf(payload, ['monthlyPayment', 'payment', 'Payment'], 2),
          interestRate: decimalOf(payload, ['interestRate', 'rate', 'Rate'], 4),
          payload,
        });
        if (!inserted) {
          // The same reference booked meanwhile (a concurrent call), or the loan id belongs to another loan.
          const raced = await ledger.findAccountByReference(db, lenderId, request.reference);
          if (raced) return bookingOf(raced, [texts.booked(raced.accountId, raced.memberNumber)]);
          refuse(texts.loanIdTaken(loanId));
        }
        if (request.shareAccountNumber) {
          await ledger.insertAccount(db, {
            lenderId,
            accountId: request.shareAccountNumber,
            kind: 'share',
            memberNumber: request.memberNumber,
            description: 'Share',
          });
        }
        // The test member whose booking is made but whose answer never comes back.
        if (request.memberNumber === CORE_TEST_MEMBERS.bookedThenTimeout) return noAnswer();
        return bookingOf(inserted!, [texts.booked(loanId, request.memberNumber)]);
      }),

    findBooking: (lenderId, reference) =>
      call(async () => {
        const row = await ledger.findAccountByReference(db, lenderId, reference);
        return row ? bookingOf(row, []) : null;
      }),

    reverseBooking: (lenderId, reference) =>
      call(async () => {
        const row = await ledger.findAccountByReference(db, lenderId, reference);
        if (!row) return refuse(texts.noBooking(reference));
        if (timesOut(row.memberNumber)) return noAnswer();
        const reversed = await ledger.reverseAccount(db, lenderId, reference);
        if (!reversed) return refuse(texts.alreadyReversed(row.accountId));
        return bookingOf(reversed, [texts.reversed(reversed.accountId)]);
      }),

    existingDebt: (lenderId, memberNumber) =>
      call(async (): Promise<CoreDebt[]> => {
        if (timesOut(memberNumber)) return noAnswer();
        await requireMember(lenderId, memberNumber);
        return (await ledger.listOpenAccounts(db, lenderId, memberNumber, 'loan')).map((a) => ({
          accountId: a.accountId,
          description: a.description ?? 'Loan',
          balance: a.balance,
          monthlyPayment: a.monthlyPayment,
          interestRate: a.interestRate,
        }));
      }),
  };
};
