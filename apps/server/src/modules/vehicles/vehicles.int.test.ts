import { vehicleLookupTexts, type VehicleMake, type VehicleModel, type VehicleStyle } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxValueOf } from '../../integrations/vehicles/vehicles.ts';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('vehicle lookup (makes by year, models by make, styles by model)', () => {
  let t: TestApp;
  let officer: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    officer = await signIn(t, 'officer', 'Officer2026');
  });
  afterAll(() => t.close());

  it('covers the model years 2012–2027 and answers makes, models and styles with sandbox values', async () => {
    expect((await officer.get('/api/vehicles/provider')).json()).toEqual({
      valuationProvider: 'Credence Sandbox Valuation',
      firstYear: 2012,
      lastYear: 2027,
    });
    for (const year of [2012, 2019, 2027]) {
      const makes = (await officer.get(`/api/vehicles/makes?year=${year}`)).json<VehicleMake[]>();
      expect(makes.length).toBeGreaterThanOrEqual(18);
    }
    const makes = (await officer.get('/api/vehicles/makes?year=2020')).json<VehicleMake[]>();
    const toyota = makes.find((m) => m.make === 'Toyota')!;
    const models = (await officer.get(`/api/vehicles/makes/${toyota.makeId}/models?year=2020`)).json<VehicleModel[]>();
    expect(models.map((m) => m.model)).toContain('Camry');
    const camry = models.find((m) => m.model === 'Camry')!;
    const styles = (await officer.get(`/api/vehicles/models/${camry.modelId}/styles?year=2020`)).json<VehicleStyle[]>();
    expect(styles.map((s) => s.style)).toEqual(['LE', 'SE', 'XLE', 'XSE']);
    // 2026's $28,900 less 2 % a year for six years: $25,432; worth 90 % × 0.85^age of it.
    expect(styles[0]).toMatchObject({ vehicleType: 'Car', baseValue: '25432.00' });
    expect(styles[0]!.value).toBe(sandboxValueOf('28900.00', 2020, new Date().getUTCFullYear()).toFixed(2));
    // A model out of its years: Tesla's Model Y starts in 2020.
    const tesla = makes.find((m) => m.make === 'Tesla')!;
    const early = (await officer.get(`/api/vehicles/makes/${tesla.makeId}/models?year=2019`)).json<VehicleModel[]>();
    expect(early.map((m) => m.model)).toEqual(['Model 3']);
  });

  it("answers 'No makes found for the given year' for a year without data; unknown ids are 404s; bad years 422", async () => {
    const none = await officer.get('/api/vehicles/makes?year=1990');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(vehicleLookupTexts.noMakes);
    const model = await officer.get('/api/vehicles/makes/999/models?year=2020');
    expect(model.statusCode).toBe(404);
    expect(model.json().message).toBe(vehicleLookupTexts.unknownMake);
    expect((await officer.get('/api/vehicles/models/999/styles?year=2020')).statusCode).toBe(404);
    expect((await officer.get('/api/vehicles/makes?year=twenty')).statusCode).toBe(422);
    expect((await officer.get('/api/vehicles/makes')).statusCode).toBe(422);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/makes?year=2020' })).statusCode).toBe(401);
  });
});
