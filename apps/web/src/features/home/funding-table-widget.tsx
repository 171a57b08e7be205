import { widgetMessages, type Widget } from '@credence/contracts';
import { showMoney } from '../../components/form/values.ts';
import { Figure, WidgetFrame, WidgetLinesTable, WidgetMessage } from './widget-frame.tsx';

export type FundingTableWidgetData = Extract<Widget, { name: 'fundingTable' }>;

/** Funding Table, 'Loans Funded' (spec 1 §2 Home): the amount funded in the period and a line per loan product. */
export const FundingTableWidget = ({ widget }: { widget: FundingTableWidgetData }) => {
  const snapshot = widget.latestSnapshot;
  const title = widgetMessages.fundingTitle;
  return (
    <WidgetFrame
      widget={widget}
      title={title}
      headline={snapshot ? <Figure value={showMoney(snapshot.sum)} testId="widget-total" /> : null}
    >
      {!snapshot ? (
        <WidgetMessage>{widgetMessages.noSnapshot}</WidgetMessage>
      ) : snapshot.loanProducts.length === 0 ? (
        <WidgetMessage>{widgetMessages.noLoansFunded}</WidgetMessage>
      ) : (
        <WidgetLinesTable label={title} nameHeader="Loan Product" lines={snapshot.loanProducts} />
      )}
    </WidgetFrame>
  );
};
