import { vehicleEndpoints, vehicleLookupTexts } from '@credence/contracts';
import { sandboxVehicleProvider } from '../../integrations/vehicles/vehicles.ts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { notFound } from '../../platform/errors.ts';

/**
 * The vehicle lookup (issue 34 item 5; spec 3 §7 'vehicle makes, models, styles, provider'): makes by year, models
 * by make, styles by model with their sandbox values, from the sandbox valuation provider's dataset. A year
 * without makes answers 404 with the spec's 'No makes found for the given year'; an unknown make, model or style
 * of the year a 404 saying so. Values are as of the current calendar year (UTC).
 */
export const vehiclesModule: Module = {
  name: 'vehicles',
  register: (app) => {
    const provider = sandboxVehicleProvider();
    registerEndpoint(app, vehicleEndpoints.provider, () => ({
      valuationProvider: provider.name,
      firstYear: provider.years.first,
      lastYear: provider.years.last,
    }));
    registerEndpoint(app, vehicleEndpoints.makes, (r) => {
      const makes = provider.makes(r.query.year);
      if (makes.length === 0) throw notFound(vehicleLookupTexts.noMakes);
      return makes;
    });
    registerEndpoint(app, vehicleEndpoints.models, (r) => {
      const models = provider.models(r.query.year, r.params.makeId);
      if (models === null) throw notFound(vehicleLookupTexts.unknownMake);
      return models;
    });
    registerEndpoint(app, vehicleEndpoints.styles, (r) => {
      const styles = provider.styles(r.query.year, r.params.modelId, new Date().getUTCFullYear());
      if (styles === null) throw notFound(vehicleLookupTexts.unknownModel);
      return styles;
    });
  },
};
