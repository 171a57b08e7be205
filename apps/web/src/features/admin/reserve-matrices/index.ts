/** Administration › Reserve Matrices: the area (wired in the admin registry). */
export { reserveMatricesArea } from './reserve-matrices-area.ts';
