import type { ReserveMatrixRow } from '@credence/contracts';
import type { DbExecutor } from '../client.ts';
import { reserveMatrices, reserves } from '../schema/index.ts';

/** The demo reserves' names (tests and the browser test look them up). */
export const demoReserveNames = {
  flat: 'Flat $150 short term',
  percent: '2% of amount financed',
  participation: '25% rate participation',
  matrix: 'Dealer reserve',
} as const;

/**
 * The demo reserves of a lender (Administration › Reserve Matrices): a flat $150 for short terms, 2 % of the
 * amount financed capped at $750, and a 25 % share of the rate participation with a 2-point max spread capped at
 * $1,500; and one enabled matrix 'Dealer reserve' using them for indirect (dealer) loans by term — up to 36 months
 * the flat $150, 37 to 84 months the rate participation, longer terms 2 % of the amount. A direct loan matches no
 * row and the matrix has no default: no dealer reserve.
 */
export const seedReserves = async (tx: DbExecutor, lenderId: number) => {
  const none = {
    flatAmount: null,
    percentOfAmount: null,
    participationPercent: null,
    maxSpread: null,
    capAmount: null,
  };
  const [flat, percent, participation] = await tx
    .insert(reserves)
    .values([
      { ...none, lenderId, name: demoReserveNames.flat, method: 'flat', flatAmount: '150.00' },
      {
        ...none,
        lenderId,
        name: demoReserveNames.percent,
        method: 'percentOfAmount',
        percentOfAmount: '2.0000',
        capAmount: '750.00',
      },
      {
        ...none,
        lenderId,
        name: demoReserveNames.participation,
        method: 'rateParticipation',
        participationPercent: '25.0000',
        maxSpread: '2.0000',
        capAmount: '1500.00',
      },
    ])
    .returning({ id: reserves.id });
  const row = (extra: Partial<ReserveMatrixRow> & { reserveId: number }): ReserveMatrixRow => ({
    loanProductIds: [],
    minTermMonths: null,
    maxTermMonths: null,
    minAmount: null,
    maxAmount: null,
    direct: false,
    ...extra,
  });
  await tx.insert(reserveMatrices).values({
    lenderId,
    name: demoReserveNames.matrix,
    rows: [
      row({ maxTermMonths: 36, reserveId: flat!.id }),
      row({ minTermMonths: 37, maxTermMonths: 84, reserveId: participation!.id }),
      row({ minTermMonths: 85, reserveId: percent!.id }),
    ],
    defaultReserveId: null,
    enabled: true,
  });
};
