import { describe, expect, it } from 'vitest';
import {
  allFlagsValue,
  checkFlagSelection,
  decodeFlags,
  encodeFlags,
  ethnicityFlags,
  freeTextApplies,
  hmdaFreeTexts,
  isFlagValue,
  raceFlags,
  toggleFlag,
  type EthnicityFlag,
  type RaceFlag,
} from './hmda.ts';

/** Spec 3 §3, copied by hand: the tables in the code must say exactly this. */
const raceTable: [RaceFlag, number][] = [
  ['AmericanIndianOrAlaskaNative', 1],
  ['Asian', 2],
  ['AsianIndian', 4],
  ['Chinese', 8],
  ['Filipino', 16],
  ['Japanese', 32],
  ['Korean', 64],
  ['Vietnamese', 128],
  ['OtherAsian', 256],
  ['BlackOrAfricanAmerican', 512],
  ['NativeHawaiianOrOtherPacificIslander', 1024],
  ['NativeHawaiian', 2048],
  ['GuamanianOrChamorro', 4096],
  ['Samoan', 8192],
  ['OtherPacificIslander', 16384],
  ['White', 32768],
  ['NotProvided', 65536],
  ['NotApplicable', 131072],
];
const ethnicityTable: [EthnicityFlag, number][] = [
  ['HispanicOrLatino', 1],
  ['Mexican', 2],
  ['PuertoRican', 4],
  ['Cuban', 8],
  ['OtherHispanicOrLatino', 16],
  ['NotHispanicOrLatino', 32],
  ['NotProvided', 64],
  ['NotApplicable', 128],
];

describe('race flags', () => {
  it('are exactly the spec table', () => expect(Object.entries(raceFlags)).toEqual(raceTable));
  it.each(raceTable)('decodes %s from %i and encodes it back', (name, value) => {
    expect(decodeFlags(raceFlags, value)).toEqual([name]);
    expect(encodeFlags(raceFlags, [name])).toBe(value);
    expect(checkFlagSelection(raceFlags, value)).toBeNull();
  });
});

describe('ethnicity flags', () => {
  it('are exactly the spec table', () => expect(Object.entries(ethnicityFlags)).toEqual(ethnicityTable));
  it.each(ethnicityTable)('decodes %s from %i and encodes it back', (name, value) => {
    expect(decodeFlags(ethnicityFlags, value)).toEqual([name]);
    expect(encodeFlags(ethnicityFlags, [name])).toBe(value);
    expect(checkFlagSelection(ethnicityFlags, value)).toBeNull();
  });
});

describe('encode and decode', () => {
  it('sends a selection as the sum of its flags, each option once', () => {
    expect(encodeFlags(raceFlags, ['Asian', 'Chinese', 'White'])).toBe(2 + 8 + 32768);
    expect(encodeFlags(raceFlags, ['White', 'White'])).toBe(32768);
    expect(encodeFlags(ethnicityFlags, [])).toBe(0);
    expect(decodeFlags(raceFlags, 2 + 8 + 32768)).toEqual(['Asian', 'Chinese', 'White']);
  });

  it('decode then encode is the identity for every ethnicity value (all 256)', () => {
    for (let value = 0; value <= allFlagsValue(ethnicityFlags); value++) {
      expect(encodeFlags(ethnicityFlags, decodeFlags(ethnicityFlags, value))).toBe(value);
      expect(isFlagValue(ethnicityFlags, value)).toBe(true);
    }
  });

  it('decode then encode is the identity for every race value (all 262144)', () => {
    const max = allFlagsValue(raceFlags);
    expect(max).toBe(2 ** 18 - 1);
    for (let value = 0; value <= max; value++) {
      if (encodeFlags(raceFlags, decodeFlags(raceFlags, value)) !== value) throw new Error(`race ${value}`);
    }
  });

  it('encode then decode gives back any random selection, in table order (property)', () => {
    let seed = 2026;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const names = raceTable.map(([n]) => n);
    for (let i = 0; i < 2000; i++) {
      const chosen = names.filter(() => rand() < 0.3);
      const shuffled = [...chosen].sort(() => rand() - 0.5);
      expect(decodeFlags(raceFlags, encodeFlags(raceFlags, shuffled))).toEqual(chosen);
    }
  });

  it.each([-1, 0.5, 256, 1000, Number.NaN])('refuses %s as an ethnicity value', (value) => {
    expect(isFlagValue(ethnicityFlags, value)).toBe(false);
    expect(checkFlagSelection(ethnicityFlags, value)).toBe('unknownFlag');
  });
});

describe('selection rules', () => {
  it('needs 1 to 5 options', () => {
    expect(checkFlagSelection(raceFlags, 0)).toBe('required');
    expect(
      checkFlagSelection(raceFlags, encodeFlags(raceFlags, ['Asian', 'Chinese', 'Filipino', 'Korean', 'White'])),
    ).toBeNull();
    expect(
      checkFlagSelection(
        raceFlags,
        encodeFlags(raceFlags, ['Asian', 'Chinese', 'Filipino', 'Korean', 'White', 'Samoan']),
      ),
    ).toBe('tooMany');
  });

  it('keeps Not Provided alone', () => {
    expect(checkFlagSelection(ethnicityFlags, ethnicityFlags.NotProvided + ethnicityFlags.Cuban)).toBe(
      'notProvidedWithOthers',
    );
    expect(checkFlagSelection(ethnicityFlags, ethnicityFlags.NotProvided)).toBeNull();
  });

  it('ticking Not Provided clears the others; ticking another clears Not Provided', () => {
    expect(toggleFlag(raceFlags, ['Asian', 'White'], 'NotProvided', true)).toEqual(['NotProvided']);
    expect(toggleFlag(raceFlags, ['NotProvided'], 'White', true)).toEqual(['White']);
    expect(toggleFlag(ethnicityFlags, ['Cuban', 'Mexican'], 'HispanicOrLatino', true)).toEqual([
      'HispanicOrLatino',
      'Mexican',
      'Cuban',
    ]);
    expect(toggleFlag(ethnicityFlags, ['Cuban', 'Mexican'], 'Cuban', false)).toEqual(['Mexican']);
    expect(toggleFlag(ethnicityFlags, ['NotProvided'], 'NotProvided', false)).toEqual([]);
  });

  it('applies a free text only when its option is ticked', () => {
    const applied = (race: number, ethnicity: number) =>
      hmdaFreeTexts.filter((t) => freeTextApplies(t, { race, ethnicity })).map((t) => t.field);
    expect(applied(raceFlags.OtherAsian + raceFlags.White, ethnicityFlags.OtherHispanicOrLatino)).toEqual([
      'raceOtherAsian',
      'ethnicityOtherHispanicOrLatino',
    ]);
    expect(applied(raceFlags.AmericanIndianOrAlaskaNative + raceFlags.OtherPacificIslander, 0)).toEqual([
      'raceAmericanIndianOrAlaskaNative',
      'raceOtherPacificIslander',
    ]);
    expect(applied(raceFlags.White, ethnicityFlags.NotHispanicOrLatino)).toEqual([]);
  });
});
