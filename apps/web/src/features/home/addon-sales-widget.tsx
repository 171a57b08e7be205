import { useState } from 'react';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { widgetMessages, type Widget } from '@credence/contracts';
import { showMoney } from '../../components/form/values.ts';
import { formatCount } from '../../lib/format.ts';
import { AddonSettingsDialog } from './addon-settings-dialog.tsx';
import { useAddonPreferences } from './api.ts';
import { Figure, WidgetAction, WidgetFrame, WidgetLinesTable, WidgetMessage } from './widget-frame.tsx';

export type AddonSalesWidgetData = Extract<Widget, { name: 'addonSales' }>;

const TITLE = 'Add On Sales';

/**
 * Add On Sales (spec 1 §2 Home): how many of the tracked add-ons were sold in the period and for how much, a line
 * per add-on; Settings chooses the add-ons to track.
 */
export const AddonSalesWidget = ({ widget }: { widget: AddonSalesWidgetData }) => {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const preferences = useAddonPreferences();
  const snapshot = widget.latestSnapshot;
  const noPreferences = preferences.data?.additionIds.length === 0;
  const body = () => {
    if (noPreferences) return <WidgetMessage>{widgetMessages.noPreferences}</WidgetMessage>;
    if (!snapshot) return <WidgetMessage>{widgetMessages.noSnapshot}</WidgetMessage>;
    if (snapshot.addonSales.length === 0) return <WidgetMessage>{widgetMessages.noAddonsSold}</WidgetMessage>;
    return <WidgetLinesTable label={TITLE} nameHeader="Add On" lines={snapshot.addonSales} />;
  };
  return (
    <WidgetFrame
      widget={widget}
      title={TITLE}
      actions={
        <WidgetAction label="Settings" onClick={() => setSettingsOpen(true)}>
          <SettingsIcon fontSize="small" />
        </WidgetAction>
      }
      headline={
        snapshot && !noPreferences ? (
          <>
            <Figure value={formatCount(snapshot.total)} label={widgetMessages.addonSold} testId="widget-count" />
            <Figure value={showMoney(snapshot.sum)} testId="widget-total" />
          </>
        ) : null
      }
    >
      {body()}
      {settingsOpen && preferences.data ? (
        <AddonSettingsDialog preferences={preferences.data} onClose={() => setSettingsOpen(false)} />
      ) : null}
    </WidgetFrame>
  );
};
