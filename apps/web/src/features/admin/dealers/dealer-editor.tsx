import type { Dealer } from '@credence/contracts';
import type { EditorProps } from '../kit/types.ts';
import { DealerDialog } from './dealer-dialog.tsx';

/** The dealer form in the generic area page. */
export const DealerEditor = ({ record, onClose }: EditorProps<Dealer>) => (
  <DealerDialog dealer={record} onClose={onClose} />
);
