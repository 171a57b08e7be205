/** Administration › Lender Protection: the area (wired in the admin registry). */
export { lenderProtectionArea } from './lender-protection-area.ts';
