import { readFileSync } from 'node:fs';
import { money, type Money } from '@credence/domain';

type Style = { id: number; name: string; base: string };
type Model = { id: number; name: string; type: string; from: number; to: number; styles: Style[] };
type Make = { id: number; name: string; models: Model[] };
type Dataset = { provider: string; makes: Make[] };

export type VehicleStyleValue = {
  styleId: number;
  style: string;
  vehicleType: string;
  baseValue: string;
  value: string;
};

/**
 * A vehicle valuation provider (DESIGN.md rule 8: an interface and a deterministic sandbox): makes by year, models
 * by make, styles by model, and what a style of a model year is worth as of a year.
 */
export type VehicleValuationProvider = {
  name: string;
  years: { first: number; last: number };
  makes: (year: number) => { makeId: number; make: string }[];
  /** null: the make has no models that year (or is unknown). */
  models: (year: number, makeId: number) => { modelId: number; model: string }[] | null;
  styles: (year: number, modelId: number, asOfYear: number) => VehicleStyleValue[] | null;
};

/** The reference year of the dataset's base values (2026 dollars). */
const BASE_YEAR = 2026;

/** A style's new price in its model year: the 2026 base, 2 % less for each year before 2026 (never below 50 %). */
export const baseValueOf = (base2026: string, modelYear: number): Money => {
  const years = Math.max(0, BASE_YEAR - modelYear);
  const factor = money(1).minus(money('0.02').times(years));
  return money(base2026)
    .times(factor.lessThan('0.5') ? money('0.5') : factor)
    .toDecimalPlaces(0);
};

/**
 * The sandbox valuation (issue 34 item 5): the base value × depreciation by age (age = the year valued − the model
 * year, at least 0): 90 % in the first year, then 15 % less each year, never below 10 %; whole dollars. A model
 * year after the year valued is valued as new (90 %).
 */
export const sandboxValueOf = (base2026: string, modelYear: number, asOfYear: number): Money => {
  const age = Math.max(0, asOfYear - modelYear);
  const factor = money('0.9').times(money('0.85').pow(age));
  return baseValueOf(base2026, modelYear)
    .times(factor.lessThan('0.1') ? money('0.1') : factor)
    .toDecimalPlaces(0);
};

const loadDataset = (): Dataset =>
  JSON.parse(readFileSync(new URL('./data/vehicles.json', import.meta.url), 'utf8')) as Dataset;

let dataset: Dataset | null = null;
const data = () => (dataset ??= loadDataset());

const inYear = (model: Model, year: number) => year >= model.from && year <= model.to;

/** The sandbox provider over the dataset Credence ships (data/vehicles.json, generated from data/source.ts). */
export const sandboxVehicleProvider = (): VehicleValuationProvider => {
  const all = data();
  const models = all.makes.flatMap((make) => make.models);
  return {
    name: all.provider,
    years: { first: Math.min(...models.map((m) => m.from)), last: Math.max(...models.map((m) => m.to)) },
    makes: (year) =>
      all.makes
        .filter((make) => make.models.some((m) => inYear(m, year)))
        .map((make) => ({ makeId: make.id, make: make.name })),
    models: (year, makeId) => {
      const found = all.makes.find((make) => make.id === makeId)?.models.filter((m) => inYear(m, year)) ?? [];
      return found.length === 0 ? null : found.map((m) => ({ modelId: m.id, model: m.name }));
    },
    styles: (year, modelId, asOfYear) => {
      const model = models.find((m) => m.id === modelId);
      if (!model || !inYear(model, year)) return null;
      return model.styles.map((s) => ({
        styleId: s.id,
        style: s.name,
        vehicleType: model.type,
        baseValue: baseValueOf(s.base, year).toFixed(2),
        value: sandboxValueOf(s.base, year, asOfYear).toFixed(2),
      }));
    },
  };
};
