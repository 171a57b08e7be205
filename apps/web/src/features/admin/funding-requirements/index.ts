/** Administration › Funding Requirements: the area (wired in the admin registry). */
export { fundingRequirementsArea } from './funding-requirements-area.ts';
