import type { HmdaApplicant, HmdaSave } from '@credence/contracts';
import {
  decodeFlags,
  encodeFlags,
  ethnicityFlags,
  hmdaFreeTexts,
  raceFlags,
  type EthnicityFlag,
  type HmdaFreeTextField,
  type RaceFlag,
} from '@credence/domain';
import { compactRows, type Converted, type RowMap } from '../../../components/form/values.ts';

/*
 * The HMDA demographic form (spec 3 §2, §5): one tab per applicant. Race and ethnicity are held as the ticked
 * option names and sent as the sum of their flags (the flag values live in @credence/domain only). A tab left
 * blank for an applicant without data is not sent.
 */

/** A race or ethnicity option as the form shows it; a sub-option is indented under its parent. */
export type FlagOption<Name extends string> = { name: Name; label: string; sub?: boolean };

export const raceOptions: readonly FlagOption<RaceFlag>[] = [
  { name: 'AmericanIndianOrAlaskaNative', label: 'American Indian or Alaska Native' },
  { name: 'Asian', label: 'Asian' },
  { name: 'AsianIndian', label: 'Asian Indian', sub: true },
  { name: 'Chinese', label: 'Chinese', sub: true },
  { name: 'Filipino', label: 'Filipino', sub: true },
  { name: 'Japanese', label: 'Japanese', sub: true },
  { name: 'Korean', label: 'Korean', sub: true },
  { name: 'Vietnamese', label: 'Vietnamese', sub: true },
  { name: 'OtherAsian', label: 'Other Asian', sub: true },
  { name: 'BlackOrAfricanAmerican', label: 'Black or African American' },
  { name: 'NativeHawaiianOrOtherPacificIslander', label: 'Native Hawaiian or Other Pacific Islander' },
  { name: 'NativeHawaiian', label: 'Native Hawaiian', sub: true },
  { name: 'GuamanianOrChamorro', label: 'Guamanian or Chamorro', sub: true },
  { name: 'Samoan', label: 'Samoan', sub: true },
  { name: 'OtherPacificIslander', label: 'Other Pacific Islander', sub: true },
  { name: 'White', label: 'White' },
  { name: 'NotProvided', label: 'Not Provided' },
  { name: 'NotApplicable', label: 'Not Applicable' },
];

export const ethnicityOptions: readonly FlagOption<EthnicityFlag>[] = [
  { name: 'HispanicOrLatino', label: 'Hispanic or Latino' },
  { name: 'Mexican', label: 'Mexican', sub: true },
  { name: 'PuertoRican', label: 'Puerto Rican', sub: true },
  { name: 'Cuban', label: 'Cuban', sub: true },
  { name: 'OtherHispanicOrLatino', label: 'Other Hispanic or Latino', sub: true },
  { name: 'NotHispanicOrLatino', label: 'Not Hispanic or Latino' },
  { name: 'NotProvided', label: 'Not Provided' },
  { name: 'NotApplicable', label: 'Not Applicable' },
];

/** The label of each free text, shown under its option. */
export const freeTextLabels: Record<HmdaFreeTextField, string> = {
  raceAmericanIndianOrAlaskaNative: 'Enrolled or principal tribe',
  raceOtherAsian: 'Other Asian race',
  raceOtherPacificIslander: 'Other Pacific Islander race',
  ethnicityOtherHispanicOrLatino: 'Other Hispanic or Latino origin',
};

/** The three verification statements (yes or no), in order. */
export const verificationStatements = [
  {
    field: 'verificationStatement1',
    label: 'Was the ethnicity of the applicant collected on the basis of visual observation or surname?',
  },
  {
    field: 'verificationStatement2',
    label: 'Was the race of the applicant collected on the basis of visual observation or surname?',
  },
  {
    field: 'verificationStatement3',
    label: 'Was the sex of the applicant collected on the basis of visual observation or surname?',
  },
] as const;

export type HmdaRecordValues = {
  applicantId: number;
  deliveryMethod: number | '';
  gender: number | '';
  race: RaceFlag[];
  ethnicity: EthnicityFlag[];
  dateProvided: string | null;
  verificationStatement1: boolean | null;
  verificationStatement2: boolean | null;
  verificationStatement3: boolean | null;
} & Record<HmdaFreeTextField, string>;

export type HmdaValues = { records: HmdaRecordValues[] };

export const hmdaValues = (applicants: readonly HmdaApplicant[]): HmdaValues => ({
  records: applicants.map(({ applicantId, record }) => ({
    applicantId,
    deliveryMethod: record?.deliveryMethod ?? '',
    gender: record?.gender ?? '',
    race: record ? decodeFlags(raceFlags, record.race) : [],
    ethnicity: record ? decodeFlags(ethnicityFlags, record.ethnicity) : [],
    dateProvided: record?.dateProvided ?? null,
    verificationStatement1: record?.verificationStatement1 ?? null,
    verificationStatement2: record?.verificationStatement2 ?? null,
    verificationStatement3: record?.verificationStatement3 ?? null,
    raceAmericanIndianOrAlaskaNative: record?.raceAmericanIndianOrAlaskaNative ?? '',
    raceOtherAsian: record?.raceOtherAsian ?? '',
    raceOtherPacificIslander: record?.raceOtherPacificIslander ?? '',
    ethnicityOtherHispanicOrLatino: record?.ethnicityOtherHispanicOrLatino ?? '',
  })),
});

/** Whether the free text's option is ticked in the form's selection. */
export const freeTextShown = (text: (typeof hmdaFreeTexts)[number], record: HmdaRecordValues): boolean =>
  text.kind === 'race' ? record.race.includes(text.option) : record.ethnicity.includes(text.option);

/** A tab nobody filled in (no data stored and nothing chosen): not sent. */
const isBlank = (record: HmdaRecordValues, stored: ReadonlySet<number>): boolean =>
  !stored.has(record.applicantId) &&
  record.deliveryMethod === '' &&
  record.gender === '' &&
  record.race.length === 0 &&
  record.ethnicity.length === 0 &&
  record.verificationStatement1 === null &&
  record.verificationStatement2 === null &&
  record.verificationStatement3 === null;

type RecordPayload = HmdaSave['records'][number];

/** One tab as the save call takes it: flags summed, a free text only with its option ticked. */
export const hmdaRecordPayload = (record: HmdaRecordValues): RecordPayload => {
  const payload = {
    applicantId: record.applicantId,
    deliveryMethod: record.deliveryMethod === '' ? null : record.deliveryMethod,
    gender: record.gender === '' ? null : record.gender,
    race: encodeFlags(raceFlags, record.race),
    ethnicity: encodeFlags(ethnicityFlags, record.ethnicity),
    dateProvided: record.dateProvided,
    verificationStatement1: record.verificationStatement1,
    verificationStatement2: record.verificationStatement2,
    verificationStatement3: record.verificationStatement3,
    raceAmericanIndianOrAlaskaNative: null as string | null,
    raceOtherAsian: null as string | null,
    raceOtherPacificIslander: null as string | null,
    ethnicityOtherHispanicOrLatino: null as string | null,
  };
  for (const text of hmdaFreeTexts) {
    const value = record[text.field].trim();
    payload[text.field] = freeTextShown(text, record) && value !== '' ? value : null;
  }
  // Unanswered choices go as null, which the contract refuses with 'Required'.
  return payload as unknown as RecordPayload;
};

/**
 * The save payload: the tabs with data (stored or entered), with the map back to the form's tabs. When no tab
 * has any, the first is sent, so pressing Save marks what it needs (issue 17, item 7).
 */
export const hmdaPayload = (values: HmdaValues, stored: ReadonlySet<number>): Converted<HmdaSave> => {
  const rows: RowMap = {};
  const noneFilled = values.records.every((r) => isBlank(r, stored));
  const first = values.records[0];
  const skipped = (r: HmdaRecordValues) => isBlank(r, stored) && !(noneFilled && r === first);
  const records = compactRows(values.records, skipped, hmdaRecordPayload, 'records', rows);
  return { payload: { records }, rows };
};
