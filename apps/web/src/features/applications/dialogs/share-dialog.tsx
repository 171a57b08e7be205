import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { messages, sharesSaveSchema, type ShareEntry, type SharesSave, type ShareTargets } from '@credence/contracts';
import { saveShares, useShares, useShareTargets } from '../dialogs-api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { useDirectSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'Share', width: 640, testId: 'share-dialog' } as const;

/** A choice of the multi-select: 'user:12' or 'group:3'. */
type TargetOption = { key: string; label: string; detail?: string; group: 'Users' | 'User Groups' };
type Values = { targets: string[] };

const keyOf = (entry: Pick<ShareEntry, 'userId' | 'userGroupId'>): string =>
  entry.userId !== null ? `user:${entry.userId}` : `group:${entry.userGroupId ?? 0}`;

const optionsOf = (targets: ShareTargets): TargetOption[] => [
  ...targets.users.map((u) => ({ key: `user:${u.id}`, label: u.name, detail: u.email, group: 'Users' as const })),
  ...targets.userGroups.map((g) => ({ key: `group:${g.id}`, label: g.name, group: 'User Groups' as const })),
];

/** The chosen targets as the save call takes them; an existing share keeps its id. */
const payloadOf = (values: Values, existing: readonly ShareEntry[]): SharesSave => ({
  shares: values.targets.map((key) => {
    const [kind, id] = key.split(':');
    const entry = existing.find((e) => keyOf(e) === key);
    return {
      id: entry?.id ?? null,
      userId: kind === 'user' ? Number(id) : null,
      userGroupId: kind === 'group' ? Number(id) : null,
    };
  }),
});

/** The Share dialog (spec 3 §2): the users and user groups the application is shared with; no lock needed. */
export const ShareDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const shares = useShares(applicationId);
  const targets = useShareTargets(applicationId);
  if (!shares.data || !targets.data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={shares.isError || targets.isError} thing="shares" />;
  }
  return <ShareForm shares={shares.data} targets={targets.data} onClose={onClose} />;
};

const ShareForm = ({
  shares,
  targets,
  onClose,
}: {
  shares: ShareEntry[];
  targets: ShareTargets;
  onClose: () => void;
}) => {
  const { applicationId } = useWorksheet();
  const save = useDirectSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const options = useMemo(() => optionsOf(targets), [targets]);
  const defaultValues = useMemo<Values>(() => ({ targets: shares.map(keyOf) }), [shares]);
  const resolver = useMemo(
    () => contractResolver<Values, SharesSave>(sharesSaveSchema, (v) => noRows(payloadOf(v, shares))),
    [shares],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });

  const onSave = (values: Values) =>
    settle(async () => {
      return save(form, () => saveShares(applicationId, payloadOf(values, shares)), {
        success: messages.shares.updated,
      });
    });

  return (
    <FormDialog form={form} {...FRAME} onClose={onClose} onSave={onSave} formErrors={formErrors}>
      <Controller
        control={form.control}
        name="targets"
        render={({ field, fieldState }) => {
          const chosen = field.value
            .map((key) => options.find((o) => o.key === key))
            .filter((o): o is TargetOption => !!o);
          return (
            <Autocomplete
              multiple
              options={options}
              groupBy={(o) => o.group}
              value={chosen}
              onChange={(_e, next) => field.onChange(next.map((o) => o.key))}
              onBlur={field.onBlur}
              isOptionEqualToValue={(a, b) => a.key === b.key}
              getOptionLabel={(o) => o.label}
              filterSelectedOptions
              renderOption={(props, o) => {
                const { key, ...rest } = props;
                return (
                  <li key={key} {...rest}>
                    {o.label}
                    {o.detail ? (
                      <span style={{ marginLeft: 8, opacity: 0.6, fontSize: '0.85em' }}>{o.detail}</span>
                    ) : null}
                  </li>
                );
              }}
              renderValue={(value, getItemProps) =>
                value.map((o, index) => {
                  const { key, ...rest } = getItemProps({ index });
                  return <Chip key={key} size="small" label={o.label} {...rest} />;
                })
              }
              sx={{ minWidth: 400, maxWidth: 600 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={messages.shares.selectLabel}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          );
        }}
      />
    </FormDialog>
  );
};
