import { Fragment, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import {
  loanSummaryTexts,
  type SummaryBlock,
  type SummaryDocument,
  type SummaryDocumentSection,
  type SummaryField,
  type SummaryTable,
  type SummaryTableRow,
} from '@credence/contracts';

/*
 * The summary document (the same one the server prints as the PDF) with MUI: a titled card per section, field
 * grids, tables (amounts right-aligned, several-line cells, totals below), rows with an expandable detail (the
 * history's property changes), 'Hide unselected accesories' on the vehicle valuation, and the sections' empty
 * texts. Read-only; prints without its buttons.
 */

const multiLine = { whiteSpace: 'pre-line' } as const;

const FieldGrid = ({ fields }: { fields: SummaryField[] }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: {
        xs: '1fr',
        sm: 'repeat(2, minmax(0, 1fr))',
        lg: 'repeat(3, minmax(0, 1fr))',
        xl: 'repeat(4, minmax(0, 1fr))',
      },
      columnGap: 3,
      rowGap: 1.25,
    }}
  >
    {fields.map((field, index) => (
      <Box key={`${field.label}-${index}`} sx={{ minWidth: 0, breakInside: 'avoid' }}>
        <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {field.label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', ...multiLine }}>
          {field.value || '—'}
        </Typography>
      </Box>
    ))}
  </Box>
);

const BlockTitle = ({ title }: { title?: string }) =>
  title ? (
    <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
  ) : null;

const headCellSx = { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'action.hover' } as const;

const DetailRow = ({ row, span, open, id }: { row: SummaryTableRow; span: number; open: boolean; id: string }) =>
  row.detail && open ? (
    <TableRow id={id} data-testid="summary-detail-row">
      <TableCell colSpan={span} sx={{ bgcolor: 'background.default', py: 1, pl: 6 }}>
        <SummaryTableView table={row.detail} dense />
      </TableCell>
    </TableRow>
  ) : null;

const BodyRow = ({ row, table, expandable }: { row: SummaryTableRow; table: SummaryTable; expandable: boolean }) => {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const span = table.columns.length + (expandable ? 1 : 0);
  return (
    <Fragment>
      <TableRow hover data-testid="summary-row" data-unselected={row.unselected ? 'true' : undefined}>
        {expandable ? (
          <TableCell padding="checkbox" sx={{ displayPrint: 'none' }}>
            {row.detail ? (
              <IconButton
                size="small"
                aria-label={open ? 'Hide details' : 'Show details'}
                aria-expanded={open}
                aria-controls={open ? detailId : undefined}
                onClick={() => setOpen((o) => !o)}
              >
                {open ? <KeyboardArrowDownIcon fontSize="small" /> : <KeyboardArrowRightIcon fontSize="small" />}
              </IconButton>
            ) : null}
          </TableCell>
        ) : null}
        {row.cells.map((cell, index) => (
          <TableCell
            key={index}
            align={table.columns[index]?.align ?? 'left'}
            sx={{ ...multiLine, verticalAlign: 'top', color: row.unselected ? 'text.secondary' : undefined }}
          >
            {cell}
          </TableCell>
        ))}
      </TableRow>
      <DetailRow row={row} span={span} open={open} id={detailId} />
    </Fragment>
  );
};

const SummaryTableView = ({ table, dense = false }: { table: SummaryTable; dense?: boolean }) => {
  const [hideUnselected, setHideUnselected] = useState(false);
  const rows = table.hideUnselectedToggle && hideUnselected ? table.rows.filter((r) => !r.unselected) : table.rows;
  const footer =
    table.hideUnselectedToggle && hideUnselected
      ? (table.footerRowsSelectedOnly ?? table.footerRows)
      : table.footerRows;
  const expandable = table.rows.some((r) => r.detail);
  const lead = expandable ? 1 : 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <BlockTitle title={table.title} />
        {table.hideUnselectedToggle && table.rows.length > 0 ? (
          <FormControlLabel
            sx={{ ml: 'auto', mb: 0.5, displayPrint: hideUnselected ? 'none' : undefined }}
            control={
              <Checkbox
                size="small"
                checked={hideUnselected}
                onChange={(event) => setHideUnselected(event.target.checked)}
              />
            }
            label={loanSummaryTexts.hideUnselectedAccessories}
          />
        ) : null}
      </Box>
      {table.rows.length === 0 && table.empty ? (
        <Typography variant="body2" color="text.secondary" data-testid="summary-empty">
          {table.empty}
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
          <Table size="small" sx={dense ? { '& td, & th': { py: 0.5 } } : undefined}>
            <TableHead>
              <TableRow>
                {expandable ? (
                  <TableCell padding="checkbox" sx={{ ...headCellSx, displayPrint: 'none' }}>
                    <Box component="span" sx={visuallyHidden}>
                      Details
                    </Box>
                  </TableCell>
                ) : null}
                {table.columns.map((column, index) => (
                  <TableCell key={index} align={column.align ?? 'left'} sx={headCellSx}>
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <BodyRow key={index} row={row} table={table} expandable={expandable} />
              ))}
            </TableBody>
            {footer && footer.length > 0 ? (
              <TableFooter>
                {footer.map((cells, index) => (
                  <TableRow key={index} data-testid="summary-footer-row">
                    {lead ? <TableCell sx={{ displayPrint: 'none' }} /> : null}
                    {cells.map((cell, c) => (
                      <TableCell
                        key={c}
                        align={table.columns[c]?.align ?? 'left'}
                        sx={{ fontWeight: 600, color: 'text.primary', fontSize: 'body2.fontSize', ...multiLine }}
                      >
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableFooter>
            ) : null}
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

const BlockView = ({ block }: { block: SummaryBlock }) => {
  switch (block.kind) {
    case 'fields':
      return (
        <Box>
          <BlockTitle title={block.title} />
          <FieldGrid fields={block.fields} />
        </Box>
      );
    case 'table':
      return <SummaryTableView table={block} />;
    case 'empty':
      return (
        <Typography variant="body2" color="text.secondary" data-testid="summary-empty">
          {block.text}
        </Typography>
      );
    case 'text':
      return (
        <Box>
          <BlockTitle title={block.title} />
          <Typography variant="body2" sx={multiLine}>
            {block.text}
          </Typography>
        </Box>
      );
  }
};

const SectionView = ({ section }: { section: SummaryDocumentSection }) => {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`summary-section-${section.key}`}
      sx={{ p: { xs: 2, md: 2.5 }, breakInside: 'avoid-page', '@media print': { border: 'none', p: 0, mb: 2 } }}
    >
      <Typography
        id={headingId}
        component="h2"
        variant="h6"
        sx={{ mb: 1.5, pb: 0.75, borderBottom: 1, borderColor: 'divider', fontSize: 18 }}
      >
        {section.title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {section.blocks.map((block, index) => (
          <BlockView key={index} block={block} />
        ))}
      </Box>
    </Paper>
  );
};

/** The whole document: its sections in order (the page's title is the worksheet frame's). */
export const SummaryView = ({ document }: { document: SummaryDocument }) => (
  <Box data-testid="summary-view" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
    {document.sections.map((section) => (
      <SectionView key={section.key} section={section} />
    ))}
    <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
      {document.footer}
    </Typography>
  </Box>
);
