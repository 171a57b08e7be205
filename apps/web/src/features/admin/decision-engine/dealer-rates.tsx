import { useFormContext, useWatch } from 'react-hook-form';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { dealerRateOf, dealerRateTexts, type DealerRate, type DecisionEngineConfig } from '@credence/contracts';
import { CheckboxInput, TextInput } from '../../../components/form/fields.tsx';
import { ProductTable, productName, type Product } from './product-table.tsx';

/** A row of the table as the form holds it: the spread as typed ('' for none). */
export type DealerRateValues = { loanProductId: number; rateMatching: boolean; maximumSpread: string };

/** One row per loan product (the lender's products, and any product the settings list), rate matching by default. */
export const dealerRateValues = (config: DecisionEngineConfig, products: readonly Product[]): DealerRateValues[] => {
  const ids = [...new Set([...products.map((p) => p.id), ...config.dealerRates.map((r) => r.loanProductId)])];
  return ids.map((id) => {
    const rate = dealerRateOf(config, id);
    return { loanProductId: id, rateMatching: rate.rateMatching, maximumSpread: rate.maximumSpread ?? '' };
  });
};

export const dealerRateInput = (rows: readonly DealerRateValues[]): DealerRate[] =>
  rows.map((r) => ({
    loanProductId: r.loanProductId,
    rateMatching: r.rateMatching,
    maximumSpread: r.maximumSpread.trim() === '' ? null : r.maximumSpread.trim(),
  }));

/**
 * The dealer buy rate by loan product (spec 3 §5: "The buy rate equals the approved rate when matching is on,
 * otherwise it is derived from the maximum spread"): a rate matching checkbox and the maximum spread per product.
 */
export const DealerRatesTable = ({ products }: { products: readonly Product[] }) => {
  const { control } = useFormContext<{ dealerRates: DealerRateValues[] }>();
  const rows = useWatch({ control, name: 'dealerRates' }) ?? [];
  return (
    <ProductTable
      title={dealerRateTexts.title}
      description="With rate matching the buy rate is the approved rate; without it, the approved rate less the maximum spread."
      columns={[{ header: 'Rate matching' }, { header: 'Maximum spread (%)', width: 220 }]}
    >
      {rows.map((row, i) => (
        <TableRow key={row.loanProductId}>
          <TableCell>{productName(products, row.loanProductId)}</TableCell>
          <TableCell>
            <CheckboxInput name={`dealerRates.${i}.rateMatching`} label="Match the approved rate" />
          </TableCell>
          <TableCell>
            <TextInput
              name={`dealerRates.${i}.maximumSpread`}
              label="Spread (%)"
              inputMode="decimal"
              maxLength={6}
              disabled={row.rateMatching}
            />
          </TableCell>
        </TableRow>
      ))}
    </ProductTable>
  );
};
