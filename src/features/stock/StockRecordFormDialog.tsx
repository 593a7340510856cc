import { useState } from 'react';
import { fieldErrors } from '../../api/fieldMessages';
import { changedHazards, hazardFieldsOf, NO_HAZARD_FIELDS } from '../../api/ghs';
import {
  useCreateStockMutation,
  useUpdateStockMutation,
  type ChemicalStock,
  type StockChanges,
  type StockEdit,
  type StockKind,
  type StockRecord,
  type StockWrite,
} from '../../api/stock';
import { specOf, stockField } from '../../api/stockKinds';
import { useEditConflict } from '../../components/EditConflict';
import { reapplied, sameValue } from '../../components/formChanges';
import { hazardConflictFields, HazardFields } from '../../components/HazardFields';
import { exactQuantity } from '../../components/quantities';
import { stockName } from '../../components/stockColumns';
import { SubstanceHazardsNote } from './SubstanceHazardsNote';
import {
  blankValues,
  formValuesOf,
  stockConflictFields,
  StockFormDialog,
  writtenValues,
  type FormValues,
  type StockForm,
} from '../../components/StockFormDialog';

interface StockRecordFormDialogProps<K extends StockKind> {
  kind: K;
  /** The record to edit; absent for a new one. */
  record?: StockRecord<K>;
  onClose: () => void;
}

/**
 * The quantity a reapplied edit asks for: the difference the person typed (their value minus the one their form
 * started from) applied to the quantity there is now, so what was issued or received meanwhile stays counted.
 */
function reappliedQuantity(started: string, yours: string, now: string): number {
  return exactQuantity(Number(now) + (Number(yours) - Number(started)));
}

/**
 * The Store's New Chemical or Edit Glassware form: the kind's `form` view and, for a kind with hazard data, its
 * hazard block below. An edit names the version it was opened with; refused because the record changed meanwhile,
 * it stays open with the conflict (docs/api.md §28), and Reapply sends only what the person changed over the record
 * as it is now: a quantity as the difference they typed, refused beside the field if it would go below zero.
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
  const hazardsOf = (row: StockRecord<K> | undefined) =>
    row && spec.hazards ? hazardFieldsOf(row as ChemicalStock) : NO_HAZARD_FIELDS;
  // A new record starts with no stock.
  const [opened] = useState(() => ({
    values: record ? formValuesOf(kind, fields, record) : { ...blankValues(fields), quantity: '0' },
    hazards: hazardsOf(record),
  }));
  // What the form's values are changes of: the record as opened, or as it was when a conflict was resolved.
  const [started, setStarted] = useState(opened);
  const [hazards, setHazards] = useState(opened.hazards);
  const [reapplyMessages, setReapplyMessages] = useState<Partial<Record<string, string>>>();
  const conflicts = useEditConflict<StockRecord<K>>(record?.version ?? 0);
  const error = (record ? edit : creation).error;

  const save = async (values: FormValues) => {
    const written = {
      kind,
      // Only the hazards the person changed: the others are the substance's (changedHazards).
      fields: {
        ...writtenValues(fields, values),
        ...(spec.hazards ? changedHazards(hazards, started.hazards) : {}),
      },
    } as StockWrite;
    if (!record) {
      const result = await create(written);
      return result.data && stockName(result.data);
    }
    return updated({ ...written, id: record.id, version: conflicts.version() } as StockEdit);
  };

  const updated = async (request: StockEdit | StockChanges) => {
    setReapplyMessages(undefined);
    const result = await update(request);
    if (conflicts.refused(result.error)) return undefined;
    return result.data && stockName(result.data);
  };

  /** Reapply: the person's changes over `current`; false (said beside the quantity) when they cannot apply. */
  const reapply = (form: StockForm, current: StockRecord<K>): boolean => {
    if (!record) return false;
    const now = { values: formValuesOf(kind, fields, current), hazards: hazardsOf(current) };
    const next = reapplied(started.values, form.values, now.values);
    if ('quantity' in next.changes && form.values.quantity.trim() !== '') {
      const quantity = reappliedQuantity(started.values.quantity, form.values.quantity, now.values.quantity);
      if (quantity < 0) {
        const change = exactQuantity(Number(form.values.quantity) - Number(started.values.quantity));
        setReapplyMessages({
          quantity: `${now.values.quantity} is in stock now: your change of ${change} would take it below zero.`,
        });
        return false;
      }
      next.changes.quantity = next.values.quantity = String(quantity);
    }
    const nextHazards = reapplied(started.hazards, hazards, now.hazards);
    form.setValues(next.values);
    setHazards(nextHazards.values);
    setStarted(now);
    setReapplyMessages(undefined);
    const written = writtenValues(fields, next.values);
    const changes = {
      ...Object.fromEntries(Object.keys(next.changes).map((name) => [name, written[name]])),
      ...(spec.hazards ? nextHazards.changes : {}),
    };
    // Nothing of theirs to apply: the form shows the record as it is now.
    if (Object.keys(changes).length === 0) return true;
    void form.submit(() =>
      updated({ kind, id: record.id, version: conflicts.version(), changes } as StockChanges),
    );
    return true;
  };

  return (
    <StockFormDialog
      title={`${record ? 'Edit' : 'New'} ${spec.label}`}
      fields={fields}
      initialValues={opened.values}
      pending={creation.isLoading || edit.isLoading}
      error={error}
      fieldMessages={reapplyMessages}
      onSave={save}
      onClose={onClose}
      childFieldNames={spec.hazards ? Object.keys(NO_HAZARD_FIELDS) : []}
      childrenChanged={!sameValue(opened.hazards, hazards)}
      notice={(form) =>
        // A new chemical: the hazards its substance has already. An edit: its conflict, when its save was refused.
        !record && spec.hazards ? (
          <SubstanceHazardsNote name={form.values.name ?? ''} />
        ) : (
          conflicts.notice({
            fields: (current) => [
              ...stockConflictFields(fields, form.values, formValuesOf(kind, fields, current)),
              ...(spec.hazards
                ? hazardConflictFields(hazards, hazardFieldsOf(current as ChemicalStock))
                : []),
            ],
            pending: edit.isLoading,
            onReapply: (current) => reapply(form, current),
            onUseCurrent: (current) => {
              const now = { values: formValuesOf(kind, fields, current), hazards: hazardsOf(current) };
              form.setValues(now.values);
              setHazards(now.hazards);
              setStarted(now);
              setReapplyMessages(undefined);
            },
          })
        )
      }
    >
      {spec.hazards && <HazardFields value={hazards} onChange={setHazards} errors={fieldErrors(error)} />}
    </StockFormDialog>
  );
}
