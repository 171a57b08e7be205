/**
 * Government monitoring (HMDA) data of an applicant (spec 3 §3 "HMDA record per applicant", §4 "Race and
 * ethnicity checkboxes", §5 "HMDA"). Race and ethnicity are bit flags: a selection is sent and stored as the
 * sum of its flags. The flag values live here only; the contracts, the server and the web app use them.
 */

export const raceFlags = {
  AmericanIndianOrAlaskaNative: 1,
  Asian: 2,
  AsianIndian: 4,
  Chinese: 8,
  Filipino: 16,
  Japanese: 32,
  Korean: 64,
  Vietnamese: 128,
  OtherAsian: 256,
  BlackOrAfricanAmerican: 512,
  NativeHawaiianOrOtherPacificIslander: 1024,
  NativeHawaiian: 2048,
  GuamanianOrChamorro: 4096,
  Samoan: 8192,
  OtherPacificIslander: 16384,
  White: 32768,
  NotProvided: 65536,
  NotApplicable: 131072,
} as const;
export type RaceFlag = keyof typeof raceFlags;

export const ethnicityFlags = {
  HispanicOrLatino: 1,
  Mexican: 2,
  PuertoRican: 4,
  Cuban: 8,
  OtherHispanicOrLatino: 16,
  NotHispanicOrLatino: 32,
  NotProvided: 64,
  NotApplicable: 128,
} as const;
export type EthnicityFlag = keyof typeof ethnicityFlags;

/** A flag table: option name → its bit. Both tables have a NotProvided option. */
export type FlagTable<Name extends string> = Readonly<Record<Name, number>> & { readonly NotProvided: number };

export const hmdaDeliveryMethods = { FaceToFace: 1, Internet: 2, Phone: 3, Mail: 4 } as const;
export type HmdaDeliveryMethod = (typeof hmdaDeliveryMethods)[keyof typeof hmdaDeliveryMethods];
export const hmdaDeliveryMethodLabels: Record<HmdaDeliveryMethod, string> = {
  1: 'Face To Face',
  2: 'Internet',
  3: 'Phone',
  4: 'Mail',
};

/** Spec 3 §3: 5 is not used. */
export const hmdaGenders = { Male: 1, Female: 2, NotProvided: 3, NotApplicable: 4, MaleAndFemale: 6 } as const;
export type HmdaGender = (typeof hmdaGenders)[keyof typeof hmdaGenders];
export const hmdaGenderLabels: Record<HmdaGender, string> = {
  1: 'Male',
  2: 'Female',
  3: 'Not Provided',
  4: 'Not Applicable',
  6: 'Male And Female',
};

/** Spec 3 §9: race and ethnicity selections 1 to 5; free texts at most 50 characters. */
export const HMDA_MIN_OPTIONS = 1;
export const HMDA_MAX_OPTIONS = 5;
export const HMDA_TEXT_MAX = 50;

const namesOf = <Name extends string>(table: FlagTable<Name>) => Object.keys(table) as Name[];

/** The sum of the flags of the chosen options (each option counted once). */
export const encodeFlags = <Name extends string>(table: FlagTable<Name>, names: readonly Name[]): number =>
  [...new Set(names)].reduce((sum, name) => sum + table[name], 0);

/** The options whose flags are set in `value`, in table order. Bits that name no option are ignored. */
export const decodeFlags = <Name extends string>(table: FlagTable<Name>, value: number): Name[] =>
  namesOf(table).filter((name) => Math.floor(value / table[name]) % 2 === 1);

/** Every flag of the table set at once: the largest valid value. */
export const allFlagsValue = <Name extends string>(table: FlagTable<Name>): number =>
  namesOf(table).reduce((sum, name) => sum + table[name], 0);

/** Whether `value` is a whole number made only of the table's flags. */
export const isFlagValue = <Name extends string>(table: FlagTable<Name>, value: number): boolean =>
  Number.isSafeInteger(value) &&
  value >= 0 &&
  value <= allFlagsValue(table) &&
  encodeFlags(table, decodeFlags(table, value)) === value;

/**
 * Ticking or unticking one checkbox (spec 3 §4): ticking Not Provided clears every other tick; ticking any
 * other option clears Not Provided. Answers the new selection in table order.
 */
export const toggleFlag = <Name extends string>(
  table: FlagTable<Name>,
  selected: readonly Name[],
  name: Name,
  checked: boolean,
): Name[] => {
  const notProvided = 'NotProvided' as Name;
  let next = new Set(selected);
  if (!checked) next.delete(name);
  else if (name === notProvided) next = new Set([notProvided]);
  else {
    next.add(name);
    next.delete(notProvided);
  }
  return namesOf(table).filter((n) => next.has(n));
};

export type FlagSelectionProblem = 'required' | 'tooMany' | 'notProvidedWithOthers' | 'unknownFlag';

/**
 * What is wrong with a race or ethnicity value, or null: 1 to 5 options, only the table's flags, and Not
 * Provided alone (the checkboxes never produce it with other options, so the server refuses it too).
 */
export const checkFlagSelection = <Name extends string>(
  table: FlagTable<Name>,
  value: number,
): FlagSelectionProblem | null => {
  if (!isFlagValue(table, value)) return 'unknownFlag';
  const names = decodeFlags(table, value);
  if (names.length < HMDA_MIN_OPTIONS) return 'required';
  if (names.length > HMDA_MAX_OPTIONS) return 'tooMany';
  if (names.length > 1 && names.includes('NotProvided' as Name)) return 'notProvidedWithOthers';
  return null;
};

/** Whether the flag of `name` is set in `value`. */
export const hasFlag = <Name extends string>(table: FlagTable<Name>, value: number, name: Name): boolean =>
  Math.floor(value / table[name]) % 2 === 1;

/**
 * The free texts and the option each belongs to (spec 3 §5): the text is kept only when its option is
 * ticked; the Other Asian, Other Pacific Islander and Other Hispanic or Latino texts are then required.
 */
export const hmdaFreeTexts = [
  { field: 'raceAmericanIndianOrAlaskaNative', kind: 'race', option: 'AmericanIndianOrAlaskaNative', required: false },
  { field: 'raceOtherAsian', kind: 'race', option: 'OtherAsian', required: true },
  { field: 'raceOtherPacificIslander', kind: 'race', option: 'OtherPacificIslander', required: true },
  { field: 'ethnicityOtherHispanicOrLatino', kind: 'ethnicity', option: 'OtherHispanicOrLatino', required: true },
] as const satisfies readonly (
  | { field: string; kind: 'race'; option: RaceFlag; required: boolean }
  | { field: string; kind: 'ethnicity'; option: EthnicityFlag; required: boolean }
)[];
export type HmdaFreeTextField = (typeof hmdaFreeTexts)[number]['field'];

/** Whether the option a free text belongs to is ticked in the race and ethnicity values. */
export const freeTextApplies = (
  text: (typeof hmdaFreeTexts)[number],
  values: { race: number; ethnicity: number },
): boolean =>
  text.kind === 'race'
    ? hasFlag(raceFlags, values.race, text.option)
    : hasFlag(ethnicityFlags, values.ethnicity, text.option);
