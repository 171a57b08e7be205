import {
  decisionCodesResource,
  decisionCodeTexts,
  decisionCodeTypeLabels,
  decisionCodeTypes,
  DECISION_CODE_DESCRIPTION_MAX,
  DECISION_CODE_MAX,
  type DecisionCode,
  type DecisionCodeType,
} from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';
import { resourceArea } from '../kit/areas.ts';
import type { AdminAreaEntry } from '../kit/types.ts';
import { defaultInput, defaultValues } from '../kit/resource-form.tsx';

/** One code, named in the type's words: the Add button, the dialog and the confirmations. */
const singular: Record<DecisionCodeType, string> = {
  declineReason: 'Decline Reason',
  approvalCondition: 'Approval Condition',
  counterReason: 'Counter Reason',
  cancelReason: 'Cancel Reason',
};

const descriptionHelp: Partial<Record<DecisionCodeType, string>> = {
  declineReason: 'Printed as the principal reason on the adverse action notice (Regulation B).',
  approvalCondition: 'Shown with the approval and carried to funding.',
};

const fieldsOf = (codeType: DecisionCodeType): FieldDecl[] => [
  { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: DECISION_CODE_MAX, span: 4, autoFocus: true },
  { name: 'sortOrder', label: 'Sort Order', kind: 'text', maxLength: 4, span: 2 },
  {
    name: 'description',
    label: 'Description',
    kind: 'multiline',
    required: true,
    maxLength: DECISION_CODE_DESCRIPTION_MAX,
    helperText: descriptionHelp[codeType],
  },
  { name: 'enabled', label: 'Enabled', kind: 'checkbox' },
];

/**
 * The list and form of one code type: the kit's area on the decision codes resource, kept to the type (every list
 * request carries it; a new code is of the tab's type). Saves answer 'Saved Successfully' (spec 3 §8).
 */
type ResourceEntry = Extract<AdminAreaEntry, { kind: 'resource' }>;

const typeArea = (codeType: DecisionCodeType): ResourceEntry => {
  const fields = fieldsOf(codeType);
  const area = resourceArea({
    key: 'decisionCodes',
    resource: { ...decisionCodesResource, singular: singular[codeType] },
    title: decisionCodeTypeLabels[codeType],
    listFilters: { codeType },
    columns: [
      // Codes run to 20 characters ('VERIFY-EMPLOYMENT'): room for them whole at 1280 px.
      { field: 'code', header: 'Code', flex: 1, minWidth: 190 },
      { field: 'description', header: 'Description', flex: 2.6 },
      { field: 'sortOrder', header: 'Sort Order', flex: 0.5, minWidth: 120 },
    ],
    fields,
    texts: {
      created: decisionCodeTexts.saved,
      updated: decisionCodeTexts.saved,
      saveFailed: decisionCodeTexts.saveFailed,
      enableFailed: decisionCodeTexts.enableFailed,
      disableFailed: decisionCodeTexts.disableFailed,
      loadFailed: decisionCodeTexts.loadFailed,
    },
    toValues: (row) => ({
      ...defaultValues(fields, row as DecisionCode | null),
      sortOrder: String((row as DecisionCode | null)?.sortOrder ?? 0),
    }),
    toInput: (values) => ({ ...defaultInput(fields, values), codeType }),
  });
  return area as ResourceEntry;
};

/** The four types' areas, in the order of the tabs. */
export const decisionCodeTypeAreas = Object.fromEntries(
  decisionCodeTypes.map((codeType) => [codeType, typeArea(codeType)]),
) as Record<DecisionCodeType, ResourceEntry>;
