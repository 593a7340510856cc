import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage, GENERIC_ERROR } from '../../api/errorMessage';
import { formErrors } from '../../api/fieldMessages';
import {
  useCreateFundMutation,
  useLabFundsQuery,
  useUpdateFundMutation,
  type Fund,
  type FundFields,
} from '../../api/requests';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { FormDialog } from '../../components/FormDialog';
import { AddIcon, EditIcon } from '../../components/icons';
import { notify } from '../../components/notify';

/** A fund's fields as its form shows them; the lengths are the server's limits. */
const fundFields: { name: keyof FundFields; label: string; maxLength: number; hint: string }[] = [
  { name: 'code', label: 'Code', maxLength: 30, hint: 'As the grant or budget is known, e.g. ERC-17' },
  { name: 'name', label: 'Name', maxLength: 100, hint: ' ' },
];

/** The add and the edit of a fund: one form, its code and name. */
function FundFormDialog({
  locationId,
  fund,
  onClose,
}: {
  locationId: number;
  /** The fund to edit; none: a new one. */
  fund?: Fund;
  onClose: () => void;
}) {
  const [values, setValues] = useState<FundFields>({ code: fund?.code ?? '', name: fund?.name ?? '' });
  const [createFund, created] = useCreateFundMutation();
  const [updateFund, updated] = useUpdateFundMutation();
  const { isLoading, error } = fund ? updated : created;
  // No toast reports the funds' calls: the form says every refusal itself.
  const refused = formErrors(error, ['code', 'name'], { withRefusal: true });
  const errors = refused.fields;

  const submit = async () => {
    const result = fund
      ? await updateFund({ locationId, id: fund.id, fields: values })
      : await createFund({ locationId, fields: values });
    if (result.error === undefined) {
      notify(fund ? `Fund ${values.code} saved.` : `Fund ${values.code} added.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title={fund ? `Edit fund ${fund.code}` : 'Add a fund'}
      submitLabel={fund ? 'Save' : 'Add fund'}
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={refused.others}
    >
      {fundFields.map(({ name, label, maxLength, hint }, position) => (
        <TextField
          key={name}
          label={label}
          required
          autoFocus={position === 0}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          error={name in errors}
          helperText={errors[name] ?? hint}
          slotProps={{ htmlInput: { maxLength } }}
        />
      ))}
    </FormDialog>
  );
}

type FundDialog = { action: 'add' } | { action: 'edit' | 'deactivate'; fund: Fund };

/**
 * The lab's funds, for its managers: what its requests are paid from. A fund is never deleted (charges point at it);
 * one no longer used is deactivated, which keeps its charges and offers it to no new request.
 */
export function LabFunds({ locationId, labName }: { locationId: number; labName: string }) {
  const { currentData: funds, isFetching, isError } = useLabFundsQuery(locationId);
  const [dialog, setDialog] = useState<FundDialog | null>(null);
  const [updateFund, updating] = useUpdateFundMutation();
  const close = () => {
    updating.reset();
    setDialog(null);
  };

  const setActive = async (fund: Fund, active: boolean) => {
    const result = await updateFund({ locationId, id: fund.id, fields: { active } });
    if (result.error === undefined) {
      notify(`Fund ${fund.code} ${active ? 'reactivated' : 'deactivated'}.`, 'success');
      close();
    }
  };

  const columns: Column<Fund>[] = [
    { header: 'Code', value: (fund) => fund.code },
    { header: 'Name', value: (fund) => fund.name },
    {
      header: 'Active',
      value: (fund) => (fund.active ? 'Active' : 'Inactive'),
      cell: (fund) => (
        <Chip
          size="small"
          color={fund.active ? 'success' : 'default'}
          label={fund.active ? 'Active' : 'Inactive'}
        />
      ),
    },
    {
      header: 'Actions',
      cell: (fund) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<EditIcon />}
            aria-label={`Edit ${fund.code}`}
            onClick={() => setDialog({ action: 'edit', fund })}
          >
            Edit
          </Button>
          {fund.active ? (
            <Button
              size="small"
              color="error"
              aria-label={`Deactivate ${fund.code}`}
              onClick={() => setDialog({ action: 'deactivate', fund })}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              size="small"
              aria-label={`Reactivate ${fund.code}`}
              loading={updating.isLoading && updating.originalArgs?.id === fund.id}
              onClick={() => setActive(fund, true)}
            >
              Reactivate
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ action: 'add' })}>
          Add fund
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <ExportCsvButton
          subject={`${labName} funds`}
          columns={columns}
          rows={funds ?? []}
          label="Export CSV of funds"
        />
      </Stack>
      {/* A refused reactivation; a refused deactivation shows in its confirmation. */}
      {updating.error && dialog === null && <Alert severity="error">{errorMessage(updating.error)}</Alert>}
      {isError ? (
        <Alert severity="error">{GENERIC_ERROR}</Alert>
      ) : funds === undefined && isFetching ? (
        <CenteredSpinner label="Loading funds" />
      ) : funds?.length === 0 ? (
        <Alert severity="info">
          {labName} has no fund yet. Add one: every request names the fund it is paid from.
        </Alert>
      ) : (
        <Paper>
          <ColumnTable
            label={`Funds of ${labName}`}
            columns={columns}
            rows={funds ?? []}
            rowKey={(fund) => fund.id}
          />
        </Paper>
      )}
      {dialog?.action === 'add' && <FundFormDialog locationId={locationId} onClose={close} />}
      {dialog?.action === 'edit' && (
        <FundFormDialog locationId={locationId} fund={dialog.fund} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.action === 'deactivate'}
        title={dialog?.action === 'deactivate' ? `Deactivate fund ${dialog.fund.code}?` : ''}
        confirmLabel="Deactivate"
        pending={updating.isLoading}
        onConfirm={() => dialog?.action === 'deactivate' && setActive(dialog.fund, false)}
        onClose={close}
      >
        {updating.error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errorMessage(updating.error)}
          </Alert>
        )}
        New requests can no longer name it; its requests and charges keep it. You can reactivate it later.
      </ConfirmDialog>
    </Stack>
  );
}
