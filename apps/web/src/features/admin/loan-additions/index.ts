/** Administration › Add-Ons: the area (wired in the admin registry). */
export { loanAdditionsArea } from './loan-additions-area.ts';
