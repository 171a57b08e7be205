import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema } from '../money.ts';

/** The texts of the vehicle lookup (spec 3 §8, exactly as printed). */
export const vehicleLookupTexts = {
  noMakes: 'No makes found for the given year',
  lookupFailed: 'Error getting makes or models',
  unknownMake: 'This make is not in the vehicle data for the given year.',
  unknownModel: 'This model is not in the vehicle data for the given year.',
  unknownStyle: 'This style is not in the vehicle data for the given year.',
} as const;

/** Model years are whole numbers (spec 3 §3 'year (converted to a number)'), from 1900 to 2199. */
const yearQuery = z.coerce.number().int().min(1900).max(2199);
const idQuery = z.coerce.number().int().min(1).max(2_147_483_647);

export const vehicleMakeSchema = z.object({ makeId: z.number().int(), make: z.string() });
export const vehicleModelSchema = z.object({ modelId: z.number().int(), model: z.string() });
/**
 * A style (trim) of a model year and its sandbox valuation: `baseValue` is the style's new price (MSRP-like),
 * `value` what the sandbox valuation provider gives for the year today (base × depreciation by age).
 */
export const vehicleStyleSchema = z.object({
  styleId: z.number().int(),
  style: z.string(),
  vehicleType: z.string(),
  baseValue: moneySchema,
  value: moneySchema,
});
export type VehicleMake = z.infer<typeof vehicleMakeSchema>;
export type VehicleModel = z.infer<typeof vehicleModelSchema>;
export type VehicleStyle = z.infer<typeof vehicleStyleSchema>;

export const vehicleProviderSchema = z.object({
  valuationProvider: z.string(),
  firstYear: z.number().int(),
  lastYear: z.number().int(),
});

/**
 * The vehicle lookup (spec 3 §7 'Lookups: vehicle makes, models, styles, provider'; the paths are not shown, so
 * these are ours): any signed-in user, as the worksheets' other lookups. The data is the dataset Credence ships for
 * its sandbox valuation provider (integrations/vehicles). A year without makes is a 404 with the spec's text.
 */
export const vehicleEndpoints = {
  provider: endpoint({
    method: 'GET',
    path: '/api/vehicles/provider',
    access: 'signedIn',
    tag: 'vehicles',
    summary: 'The valuation provider and the model years its data covers',
    response: vehicleProviderSchema,
  }),
  makes: endpoint({
    method: 'GET',
    path: '/api/vehicles/makes',
    access: 'signedIn',
    tag: 'vehicles',
    summary: 'The makes of a model year',
    query: z.object({ year: yearQuery }),
    response: z.array(vehicleMakeSchema),
  }),
  models: endpoint({
    method: 'GET',
    path: '/api/vehicles/makes/:makeId/models',
    access: 'signedIn',
    tag: 'vehicles',
    summary: 'The models of a make in a model year',
    params: z.object({ makeId: idQuery }),
    query: z.object({ year: yearQuery }),
    response: z.array(vehicleModelSchema),
  }),
  styles: endpoint({
    method: 'GET',
    path: '/api/vehicles/models/:modelId/styles',
    access: 'signedIn',
    tag: 'vehicles',
    summary: 'The styles of a model in a model year, with their sandbox values',
    params: z.object({ modelId: idQuery }),
    query: z.object({ year: yearQuery }),
    response: z.array(vehicleStyleSchema),
  }),
};
