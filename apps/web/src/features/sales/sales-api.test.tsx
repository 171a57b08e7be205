import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchVehicleMakes, fetchVehicleModels } from './sales-api.ts';

/** The vehicle lookup's failures say the spec's texts (spec 3 §8). */
describe('vehicle lookup calls', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(body, { status })));

  it('answers the makes of a year', async () => {
    answer(200, [{ makeId: 1, make: 'Acura' }]);
    expect(await fetchVehicleMakes(2020)).toEqual([{ makeId: 1, make: 'Acura' }]);
  });
  it("says 'No makes found for the given year' for a year without makes", async () => {
    answer(404, { code: 'NOT_FOUND', message: 'No makes found for the given year' });
    await expect(fetchVehicleMakes(1990)).rejects.toThrow('No makes found for the given year');
  });
  it("says 'Error getting makes or models' when the lookup fails", async () => {
    answer(502, { code: 'BAD_GATEWAY', message: 'down' });
    await expect(fetchVehicleMakes(2020)).rejects.toThrow('Error getting makes or models');
    answer(404, { code: 'NOT_FOUND', message: 'This make is not in the vehicle data for the given year.' });
    await expect(fetchVehicleModels(2020, 999)).rejects.toThrow('Error getting makes or models');
  });
});
