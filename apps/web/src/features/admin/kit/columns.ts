import { usStates } from '@credence/contracts';

type Address = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** '1600 Broadway, Denver, CO 80202' — the address parts a record has, in one line. */
export const addressText = (a: Address) =>
  [
    [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(', ');

export const usStateOptions = usStates.map((s) => ({ value: s, label: s }));
