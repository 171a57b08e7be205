import {
  matrixColumns,
  POLICY_DECIMAL_PATTERN,
  policyUnitDecimals,
  type MatrixAxis,
  type MatrixCell,
  type MatrixColumnKey,
  type MatrixType,
  type PolicyUnit,
  type RowOf,
  type matricesResource,
} from '@credence/contracts';

/**
 * The matrix editor's sheet (issue 12, item 5), as plain functions: the columns a matrix's axes and type give,
 * each cell's check as it is typed, a matrix as rows of texts and back, and a block pasted from a spreadsheet.
 */

export type MatrixRecord = RowOf<typeof matricesResource>;
export type MatrixConfig = MatrixRecord['config'];
/** A Rate matrix holds base rates or additional rates (added to the base rate). */
export type RateKind = 'rate' | 'adjustment';

/** A row of the sheet: its cells' texts by column id; `key` only tells React the rows apart. */
export type SheetRow = { key: number; values: Readonly<Record<string, string>> };

type ResultKind = 'money' | 'decimal' | 'passFail' | 'codes';
export type SheetColumn = {
  /** `termMonths.min`, `termMonths.max`, `creditTier.values`, `=rate`. */
  id: string;
  /** What a cell's aria-label says after 'Row 3 ': 'Term min', 'Credit tier', 'Rate'. */
  label: string;
  kind: 'min' | 'max' | 'values' | ResultKind;
  unit: PolicyUnit;
  required: boolean;
  width: number;
  /** The result field it fills. */
  field?: string;
};

/** The header of a column group: an axis (range axes over Min and Max) or a result. */
export type SheetHeader = { label: string; span: number; range: boolean };

const unitSuffix: Partial<Record<PolicyUnit, string>> = {
  money: '$',
  percent: '%',
  rate: '%',
  months: 'months',
  years: 'years',
  miles: 'miles',
};
export const axisLabel = (key: MatrixColumnKey) => matrixColumns[key]?.label ?? key;
export const axisHeader = (key: MatrixColumnKey) => {
  const suffix = unitSuffix[matrixColumns[key]?.unit ?? 'text'];
  return suffix ? `${axisLabel(key)} (${suffix})` : axisLabel(key);
};

const results = (type: MatrixType, rateKind: RateKind): (Omit<SheetColumn, 'id' | 'unit'> & { header: string })[] => {
  switch (type) {
    case 'LoanLimit':
      return [
        {
          field: 'maxAmount',
          label: 'Max amount',
          header: 'Max amount ($)',
          kind: 'money',
          required: false,
          width: 120,
        },
        { field: 'maxLtv', label: 'Max LTV', header: 'Max LTV (%)', kind: 'decimal', required: false, width: 100 },
      ];
    case 'Fees':
      return [{ field: 'fee', label: 'Fee', header: 'Fee ($)', kind: 'money', required: true, width: 110 }];
    case 'Rate':
      return rateKind === 'rate'
        ? [{ field: 'rate', label: 'Rate', header: 'Rate (%)', kind: 'decimal', required: true, width: 100 }]
        : [
            {
              field: 'adjustment',
              label: 'Additional rate',
              header: 'Additional rate (%)',
              kind: 'decimal',
              required: true,
              width: 130,
            },
          ];
    case 'PassFail':
      return [
        { field: 'pass', label: 'Pass or fail', header: 'Pass / Fail', kind: 'passFail', required: true, width: 100 },
        {
          field: 'reasonCodes',
          label: 'Reason codes',
          header: 'Reason codes',
          kind: 'codes',
          required: false,
          width: 200,
        },
      ];
  }
};

/** The sheet's columns (and their header groups) for the axes and the type's results. */
export const sheetColumns = (axes: readonly MatrixAxis[], type: MatrixType, rateKind: RateKind) => {
  const columns: SheetColumn[] = [];
  const headers: SheetHeader[] = [];
  for (const axis of axes) {
    const unit = matrixColumns[axis.key]?.unit ?? 'text';
    const label = axisLabel(axis.key);
    if (axis.kind === 'range') {
      columns.push(
        { id: `${axis.key}.min`, label: `${label} min`, kind: 'min', unit, required: false, width: 92 },
        { id: `${axis.key}.max`, label: `${label} max`, kind: 'max', unit, required: false, width: 92 },
      );
      headers.push({ label: axisHeader(axis.key), span: 2, range: true });
    } else {
      columns.push({ id: `${axis.key}.values`, label, kind: 'values', unit, required: false, width: 140 });
      headers.push({ label: axisHeader(axis.key), span: 1, range: false });
    }
  }
  for (const { header, ...result } of results(type, rateKind)) {
    // A Rate matrix types its base rates or adjustments in the one `=rate` column.
    columns.push({ ...result, id: type === 'Rate' ? '=rate' : `=${result.field!}`, unit: 'text' });
    headers.push({ label: header, span: 1, range: false });
  }
  return { columns, headers };
};

/** What a person may type in a number cell besides the number: thousands commas, $ and %. */
const numberText = (text: string | undefined) => (text ?? '').trim().replace(/[,$%\s]/g, '');
const listOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const MONEY = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;
const PASS = /^(pass|p|yes|y|true)$/i;
const FAIL = /^(fail|f|no|n|false)$/i;

const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
/** Compares two checked policy decimals exactly (no floats): negative when a < b. */
const compareDecimals = (a: string, b: string): number => {
  const sign = (t: string) => (t.startsWith('-') ? -1 : 1);
  if (sign(a) !== sign(b)) return sign(a);
  const [ai = '', af = ''] = a.replace('-', '').split('.');
  const [bi = '', bf = ''] = b.replace('-', '').split('.');
  const width = Math.max(af.length, bf.length);
  const left = ai.padStart(12, '0') + af.padEnd(width, '0');
  const right = bi.padStart(12, '0') + bf.padEnd(width, '0');
  return (left < right ? -1 : left > right ? 1 : 0) * sign(a);
};

const boundProblem = (text: string, unit: PolicyUnit): string | null => {
  if (text === '') return null;
  const decimals = policyUnitDecimals[unit];
  if (!POLICY_DECIMAL_PATTERN.test(text))
    return decimals === 0 ? 'Enter a whole number' : `Enter a number with up to ${decimals} decimals`;
  if (decimalsOf(text) > decimals)
    return decimals === 0 ? 'Enter a whole number' : `Use at most ${decimals} decimals for this column`;
  return null;
};

/** A cell's problem as typed (null: fine), with the other cells of its row for min ≤ max. */
export const cellProblem = (column: SheetColumn, values: Readonly<Record<string, string>>): string | null => {
  const raw = values[column.id] ?? '';
  const text = column.kind === 'values' || column.kind === 'codes' ? raw.trim() : numberText(raw);
  if (text === '') return column.required ? 'Required' : null;
  switch (column.kind) {
    case 'min':
    case 'max': {
      const own = boundProblem(text, column.unit);
      if (own) return own;
      const axis = column.id.slice(0, column.id.lastIndexOf('.'));
      const min = numberText(values[`${axis}.min`]);
      const max = numberText(values[`${axis}.max`]);
      if (min === '' || max === '' || boundProblem(min, column.unit) || boundProblem(max, column.unit)) return null;
      return compareDecimals(min, max) > 0 ? `The minimum ${min} is above the maximum ${max}` : null;
    }
    case 'values': {
      const items = listOf(raw);
      if (items.some((item) => item.length > 64)) return 'Each value can have at most 64 characters';
      return items.length > 100 ? 'At most 100 values' : null;
    }
    case 'money':
      return MONEY.test(text) ? null : 'Enter an amount like 25000.00 (up to 2 decimals)';
    case 'decimal':
      return POLICY_DECIMAL_PATTERN.test(text) ? null : 'Enter a percent like 6.49 (up to 4 decimals)';
    case 'passFail':
      return PASS.test(text) || FAIL.test(text) ? null : 'Enter Pass or Fail';
    case 'codes': {
      const codes = listOf(raw);
      if (codes.some((code) => code.length > 40)) return 'Each reason code can have at most 40 characters';
      return codes.length > 20 ? 'At most 20 reason codes' : null;
    }
  }
};

/* ------------------------------------------------------------------------------------ matrix <-> sheet */

const cellTexts = (axis: MatrixAxis, cell: MatrixCell | undefined): Record<string, string> => {
  if (!cell) return {};
  if (cell.kind === 'range') return { [`${axis.key}.min`]: cell.min ?? '', [`${axis.key}.max`]: cell.max ?? '' };
  return { [`${axis.key}.values`]: cell.values.join(', ') };
};

const resultTexts = (result: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(result).map(([field, value]) => [
      // A Rate row's base rate or adjustment is typed in the one result column.
      field === 'adjustment' ? '=rate' : `=${field}`,
      typeof value === 'boolean'
        ? value
          ? 'Pass'
          : 'Fail'
        : Array.isArray(value)
          ? value.join(', ')
          : String(value ?? ''),
    ]),
  );

let nextKey = 1;
export const newRow = (values: Record<string, string> = {}): SheetRow => ({ key: nextKey++, values });

export const rateKindOf = (config: MatrixConfig | undefined): RateKind =>
  config?.matrixType === 'Rate' && config.rows[0] && 'rate' in config.rows[0].result ? 'rate' : 'adjustment';

/** A matrix's rows as the sheet's texts. */
export const toSheet = (config: MatrixConfig): SheetRow[] =>
  config.rows.map((row) =>
    newRow({
      ...Object.assign({}, ...config.axes.map((axis, a) => cellTexts(axis, row.cells[a]))),
      ...resultTexts(row.result as Record<string, unknown>),
    }),
  );

const money = (text: string) => {
  const clean = numberText(text);
  if (clean === '') return null;
  const [whole = '0', cents = ''] = clean.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
};
const decimal = (text: string) => numberText(text) || null;

/** The matrix of the sheet (texts checked already). */
export const toConfig = (d: {
  id: string;
  name: string;
  type: MatrixType;
  rateKind: RateKind;
  creditTierSetId: string | null;
  axes: readonly MatrixAxis[];
  rows: readonly SheetRow[];
  columns: readonly SheetColumn[];
}): MatrixConfig => {
  const resultColumns = d.columns.filter((c) => c.field);
  const rows = d.rows.map(({ values }) => {
    const cells: MatrixCell[] = d.axes.map((axis) =>
      axis.kind === 'range'
        ? {
            kind: 'range',
            min: decimal(values[`${axis.key}.min`] ?? ''),
            max: decimal(values[`${axis.key}.max`] ?? ''),
          }
        : { kind: 'value', values: listOf(values[`${axis.key}.values`]) },
    );
    const result: Record<string, unknown> = {};
    for (const column of resultColumns) {
      const text = values[column.id] ?? '';
      if (column.kind === 'money') result[column.field!] = money(text);
      else if (column.kind === 'decimal') result[column.field!] = decimal(text);
      else if (column.kind === 'passFail') result[column.field!] = PASS.test(text.trim());
      else result[column.field!] = listOf(text);
    }
    return { cells, result };
  });
  return {
    id: d.id,
    name: d.name,
    matrixType: d.type,
    creditTierSetId: d.creditTierSetId,
    axes: [...d.axes],
    rows,
  } as MatrixConfig;
};

/* ---------------------------------------------------------------------------------------------- paste */

/** Lines of tab-separated cells, as a spreadsheet copies a block (a last empty line dropped). */
export const parseBlock = (text: string): string[][] | null => {
  const trimmed = text.replace(/(\r?\n)+$/, '');
  if (!/[\t\n]/.test(trimmed)) return null;
  return trimmed.split(/\r?\n/).map((line) => line.split('\t'));
};

/**
 * The rows after pasting a block at (row, column): values left to right from the column, rows added as needed;
 * `dropped` counts the values past the last column.
 */
export const pasteBlock = (
  rows: readonly SheetRow[],
  columns: readonly SheetColumn[],
  block: string[][],
  at: { row: number; col: number },
) => {
  const next = [...rows];
  let dropped = 0;
  block.forEach((line, i) => {
    const r = at.row + i;
    const values: Record<string, string> = { ...(next[r]?.values ?? {}) };
    line.forEach((text, j) => {
      const column = columns[at.col + j];
      if (column) values[column.id] = text.trim();
      else if (text.trim() !== '') dropped += 1;
    });
    next[r] = next[r] ? { ...next[r], values } : newRow(values);
  });
  return { rows: next, dropped };
};
