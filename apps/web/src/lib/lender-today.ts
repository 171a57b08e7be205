import { todayIso, type IsoDate } from '@credence/domain';
import { displayTimeZone } from './format.ts';

/**
 * Today on the lender's calendar (issue 29, item 10): the day a contract date or a payment calculation starts. A
 * file of its own so that the shell does not carry the loan-date maths (the pages that use it are lazy).
 */
export const lenderToday = (): IsoDate => todayIso(displayTimeZone());
