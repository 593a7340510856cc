import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { hazardFieldsOf, NO_HAZARD_FIELDS } from '../../api/ghs';
import {
  useCreateStockMutation,
  useUpdateStockMutation,
  type ChemicalStock,
  type StockEdit,
  type StockKind,
  type StockRecord,
  type StockWrite,
} from '../../api/stock';
import { specOf, stockField } from '../../api/stockKinds';
import { useEditConflict } from '../../components/EditConflict';
import { sameValue } from '../../components/formChanges';
import { hazardConflictFields, HazardFields } from '../../components/HazardFields';
import { stockName } from '../../components/stockColumns';
import {
  blankValues,
  formValuesOf,
  stockConflictFields,
  StockFormDialog,
  writtenValues,
  type FormValues,
} from '../../components/StockFormDialog';

interface StockRecordFormDialogProps<K extends StockKind> {
  kind: K;
  /** The record to edit; absent for a new one. */
  record?: StockRecord<K>;
  onClose: () => void;
}

/**
 * The Store's New Chemical or Edit Glassware form: the kind's `form` view and, for a kind with hazard data, its
 * hazard block below. An edit names the version it was opened with; refused because the record changed meanwhile,
 * it stays open with the conflict (docs/api.md §28).
 */
export function StockRecordFormDialog<K extends StockKind>({
  kind,
  record,
  onClose,
}: StockRecordFormDialogProps<K>) {
  const spec = specOf(kind);
  const fields = spec.views.form.map((name) => stockField(kind, name));
  const [create, creation] = useCreateStockMutation();
  const [update, edit] = useUpdateStockMutation();
  const [openedHazards] = useState(
    record && spec.hazards ? hazardFieldsOf(record as ChemicalStock) : NO_HAZARD_FIELDS,
  );
  const [hazards, setHazards] = useState(openedHazards);
  const conflicts = useEditConflict<StockRecord<K>>(record?.version ?? 0);
  const error = (record ? edit : creation).error;

  const save = async (values: FormValues) => {
    const written = {
      kind,
      fields: { ...writtenValues(fields, values), ...(spec.hazards ? hazards : {}) },
    } as StockWrite;
    if (!record) {
      const result = await create(written);
      return result.data && stockName(result.data);
    }
    const result = await update({ ...written, id: record.id, version: conflicts.version() } as StockEdit);
    if (conflicts.refused(result.error)) return undefined;
    return result.data && stockName(result.data);
  };

  return (
    <StockFormDialog
      title={`${record ? 'Edit' : 'New'} ${spec.label}`}
      fields={fields}
      // A new record starts with no stock.
      initialValues={record ? formValuesOf(kind, fields, record) : { ...blankValues(fields), quantity: '0' }}
      pending={creation.isLoading || edit.isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
      childrenChanged={!sameValue(openedHazards, hazards)}
      notice={({ values, setValues, submit }) =>
        conflicts.notice({
          fields: (current) => [
            ...stockConflictFields(fields, values, formValuesOf(kind, fields, current)),
            ...(spec.hazards ? hazardConflictFields(hazards, hazardFieldsOf(current as ChemicalStock)) : []),
          ],
          pending: edit.isLoading,
          onReapply: () => void submit(),
          onUseCurrent: (current) => {
            setValues(formValuesOf(kind, fields, current));
            if (spec.hazards) setHazards(hazardFieldsOf(current as ChemicalStock));
          },
        })
      }
    >
      {spec.hazards && <HazardFields value={hazards} onChange={setHazards} errors={fieldErrors(error)} />}
    </StockFormDialog>
  );
}
