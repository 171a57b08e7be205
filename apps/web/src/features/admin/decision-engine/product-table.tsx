import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export type Product = { id: number; name: string };

/** A column of a per-product table after the product's own: its header (read to screen readers only when
 * `hidden`, e.g. over the rows' remove buttons), and a fixed width if any. */
export type ProductColumn = { header: string; width?: number; hidden?: boolean };

const hiddenText = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** A product's name, or its number when it is not among the lender's (enabled) products. */
export const productName = (products: readonly Product[], id: number) =>
  products.find((p) => p.id === id)?.name ?? `Loan product #${id}`;

/**
 * A settings table with one row per loan product (the dealer buy rate, the Truth in Lending terms): its title (also
 * the table's name), a line saying what it does, the 'Loan product' column and the table's own; the rows are the
 * children, anything below the table (an add button) the footer.
 */
export const ProductTable = ({
  title,
  description,
  columns,
  children,
  footer,
}: {
  title: string;
  description: string;
  columns: readonly ProductColumn[];
  children: ReactNode;
  footer?: ReactNode;
}) => (
  <Box sx={{ gridColumn: '1 / -1' }}>
    <Typography variant="subtitle2" color="text.secondary" component="h3">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {description}
    </Typography>
    <Table size="small" aria-label={title}>
      <TableHead>
        <TableRow>
          <TableCell>Loan product</TableCell>
          {columns.map((c) => (
            <TableCell key={c.header} sx={c.width ? { width: c.width } : undefined}>
              {c.hidden ? (
                <Box component="span" sx={hiddenText}>
                  {c.header}
                </Box>
              ) : (
                c.header
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
    {footer}
  </Box>
);
