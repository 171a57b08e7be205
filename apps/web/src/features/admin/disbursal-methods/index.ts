/** Administration › Disbursal Methods: the area (wired in the admin registry). */
export { disbursalMethodsArea } from './disbursal-methods-area.ts';
