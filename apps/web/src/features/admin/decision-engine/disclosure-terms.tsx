import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  dayCountLabels,
  dayCountSchema,
  defaultDisclosureTerms,
  disclosureTermsTexts,
  oddDaysTreatmentLabels,
  oddDaysTreatmentSchema,
  type ProductDisclosureTerms,
} from '@credence/contracts';
import { SelectInput, type Option } from '../../../components/form/fields.tsx';
import { ProductTable, productName, type Product } from './product-table.tsx';

type Rows = { disclosureTerms: ProductDisclosureTerms[] };

const dayCountOptions = dayCountSchema.options.map((v) => ({ value: v, label: dayCountLabels[v] }));
const oddDaysOptions = oddDaysTreatmentSchema.options.map((v) => ({ value: v, label: oddDaysTreatmentLabels[v] }));

/** What a product not listed has, in words (from the contract's defaults). */
const defaultsText =
  `Products not listed use ${dayCountLabels[defaultDisclosureTerms.dayCount]}, with odd-days interest ` +
  `${oddDaysTreatmentLabels[defaultDisclosureTerms.oddDays].toLowerCase()}.`;

/** The product choices: the lender's products, and any product the settings list that is not among them. */
const productOptions = (products: readonly Product[], rows: readonly ProductDisclosureTerms[]): Option[] => {
  const others = [...new Set(rows.map((r) => r.loanProductId))].filter((id) => !products.some((p) => p.id === id));
  return [...products, ...others.map((id) => ({ id, name: productName(products, id) }))].map((p) => ({
    value: p.id,
    label: p.name,
  }));
};

/** The settings' rows as the form holds them (the same shape). */
export const disclosureTermsValues = (config: Rows): ProductDisclosureTerms[] =>
  config.disclosureTerms.map(({ loanProductId, dayCount, oddDays }) => ({ loanProductId, dayCount, oddDays }));

/** The terms' columns: the field of a row, its header (also the select's label), its width and choices. */
const termColumns = [
  { name: 'dayCount', header: disclosureTermsTexts.dayCount, width: 170, options: dayCountOptions },
  { name: 'oddDays', header: disclosureTermsTexts.oddDays, width: 250, options: oddDaysOptions },
] as const;

/** One product's row: the product picker, its terms and a remove button named after the product. */
const TermsRow = ({
  index,
  options,
  productLabel,
  onRemove,
}: {
  index: number;
  options: readonly Option[];
  productLabel: string;
  onRemove: () => void;
}) => (
  <TableRow>
    <TableCell>
      <SelectInput name={`disclosureTerms.${index}.loanProductId`} label="Loan product" numeric options={options} />
    </TableCell>
    {termColumns.map((c) => (
      <TableCell key={c.name}>
        <SelectInput name={`disclosureTerms.${index}.${c.name}`} label={c.header} options={c.options} />
      </TableCell>
    ))}
    <TableCell>
      <Tooltip title="Remove">
        <IconButton aria-label={`Remove ${productLabel}`} onClick={onRemove}>
          <DeleteOutlineOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  </TableRow>
);

const NoProductRow = () => (
  <TableRow>
    <TableCell colSpan={termColumns.length + 2} sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
      No product listed: every product uses the defaults.
    </TableCell>
  </TableRow>
);

/**
 * Truth in Lending by loan product (issue 41): how a product's odd days accrue and how their interest is collected,
 * one row per product listed (a product picker, add and remove); a product not listed has the defaults.
 */
export const DisclosureTermsTable = ({ products }: { products: readonly Product[] }) => {
  const { control } = useFormContext<Rows>();
  const { fields, append, remove } = useFieldArray({ control, name: 'disclosureTerms' });
  const rows = useWatch({ control, name: 'disclosureTerms' }) ?? [];
  const options = productOptions(products, rows);
  const next = products.find((p) => !rows.some((r) => r.loanProductId === p.id));
  const add = () => next && append({ loanProductId: next.id, ...defaultDisclosureTerms });
  return (
    <ProductTable
      title={disclosureTermsTexts.title}
      description={defaultsText}
      columns={[...termColumns, { header: 'Remove', width: 56, hidden: true }]}
      footer={
        <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={!next} sx={{ mt: 1 }}>
          Add Product
        </Button>
      }
    >
      {fields.length === 0 ? <NoProductRow /> : null}
      {fields.map((field, i) => (
        <TermsRow
          key={field.id}
          index={i}
          options={options}
          productLabel={productName(products, rows[i]?.loanProductId ?? field.loanProductId)}
          onRemove={() => remove(i)}
        />
      ))}
    </ProductTable>
  );
};
