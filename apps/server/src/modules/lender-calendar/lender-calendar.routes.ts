import { lenderCalendarEndpoints } from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import {
  copyPreviousYear,
  lenderDateOf,
  lenderTimeZone,
  readCalendar,
  saveCalendar,
} from './lender-calendar.service.ts';

/**
 * Administration › Lender Calendar (spec 2 §7): GET lenderCalendar/{year}, /timezone, /lenderDate,
 * /copyPreviousYear/{year}; PUT lenderCalendar/{year}. The static paths win over /:year (router precedence).
 */
export const registerLenderCalendarRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, lenderCalendarEndpoints.timeZone, ({ auth }) => withTenant(db, auth.lenderId, lenderTimeZone));
  registerEndpoint(app, lenderCalendarEndpoints.lenderDate, ({ auth }) => withTenant(db, auth.lenderId, lenderDateOf));
  registerEndpoint(app, lenderCalendarEndpoints.copyPreviousYear, ({ auth, params }) =>
    withTenant(db, auth.lenderId, (tx) => copyPreviousYear(tx, params.year)),
  );
  registerEndpoint(app, lenderCalendarEndpoints.get, ({ auth, params }) =>
    withTenant(db, auth.lenderId, (tx) => readCalendar(tx, params.year)),
  );
  registerEndpoint(app, lenderCalendarEndpoints.save, ({ auth, params, body }) =>
    withTenant(db, auth.lenderId, (tx) => saveCalendar(tx, auth, params.year, body)),
  );
};
