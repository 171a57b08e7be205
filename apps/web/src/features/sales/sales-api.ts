import {
  salesPlanEndpoints,
  vehicleEndpoints,
  vehicleLookupTexts,
  type OfferedPlansRequest,
} from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** The plans of a vendor offered on an application and those left out with their reasons (issue 34 item 7). */
export const fetchOfferedPlans = (applicationId: number, body: OfferedPlansRequest) =>
  callEndpoint(salesPlanEndpoints.offeredPlans, { params: { id: applicationId }, body });

/**
 * The vehicle lookup's makes of a year: the spec's texts for a failure — 'No makes found for the given year' when
 * the year has none (404), 'Error getting makes or models' otherwise.
 */
export const fetchVehicleMakes = async (year: number) => {
  try {
    return await callEndpoint(vehicleEndpoints.makes, { query: { year } });
  } catch (error) {
    throw new Error(
      isApiError(error) && error.status === 404 ? vehicleLookupTexts.noMakes : vehicleLookupTexts.lookupFailed,
    );
  }
};

export const fetchVehicleModels = async (year: number, makeId: number) => {
  try {
    return await callEndpoint(vehicleEndpoints.models, { params: { makeId }, query: { year } });
  } catch {
    throw new Error(vehicleLookupTexts.lookupFailed);
  }
};

export const fetchVehicleStyles = (year: number, modelId: number) =>
  callEndpoint(vehicleEndpoints.styles, { params: { modelId }, query: { year } });
