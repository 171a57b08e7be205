import { formatUsd } from '@credence/domain';

/** An amount as people read it: '$25,000.00' (the domain's one formatter). */
export const usd = formatUsd;
