import { useQuery } from '@tanstack/react-query';
import { adminLoanProductsQuery } from '../disbursements/index.ts';
import { userGroupsLookupQuery } from '../user-groups/lookup.ts';

/** Names of the chosen ids, in the lender's order; `none` when none is chosen; the id while names load. */
const namesOf = (ids: readonly number[], none: string, all: readonly { id: number; name: string }[] | undefined) => {
  if (ids.length === 0) return none;
  const byId = new Map((all ?? []).map((x) => [x.id, x.name]));
  return ids.map((id) => byId.get(id) ?? `#${id}`).join(', ');
};

/** Issue 29, item 13: the list names the loan products a requirement applies to ('All' when none is chosen). */
export const LoanProductNames = ({ ids }: { ids: readonly number[] }) => {
  const products = useQuery(adminLoanProductsQuery);
  return <>{namesOf(ids, 'All', products.data)}</>;
};

/** The user groups whose members may clear it ('Anyone who may fund' when none is chosen). */
export const UserGroupNames = ({ ids }: { ids: readonly number[] }) => {
  const groups = useQuery(userGroupsLookupQuery);
  return <>{namesOf(ids, 'Anyone who may fund', groups.data)}</>;
};
