import { pageArea } from '../kit/areas.ts';
import type { AdminAreaEntry } from '../kit/types.ts';

/**
 * Administration › Reserve Matrices (/admin/reserveMatrices; spec 2 §2): two tabs, 'Reserve Matrices' and
 * 'Reserves', each the kit's list with its own editor.
 */
export const reserveMatricesArea: AdminAreaEntry = pageArea({
  key: 'reserveMatrices',
  title: 'Reserve Matrices',
  right: 'canManageReserveMatrices',
  page: async () => (await import('./reserve-matrices-page.tsx')).ReserveMatricesPage,
});
