import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { NO_HAZARD_FIELDS } from '../../api/ghs';
import { stagesExpiry, useAddShipmentLineMutation, useCreateNewStockItemMutation } from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { HazardFields } from '../../components/HazardFields';
import { dateOrNull, numberOrNull, StockFormDialog, type FormValues } from '../../components/StockFormDialog';
import { kindViews } from './kindViews';

interface NewItemDialogProps {
  kind: StockKind;
  /** The name typed in the search box, if the dialog was opened from there. */
  name?: string;
  onClose: () => void;
}

/** SPEC §4: a brand-new item is created in stock with quantity 0, then staged with the entered quantity. */
export function NewItemDialog({ kind, name = '', onClose }: NewItemDialogProps) {
  const view = kindViews[kind];
  const [create, creation] = useCreateNewStockItemMutation();
  const [stage, staging] = useAddShipmentLineMutation();
  // When staging fails after the item was created, a retry stages that item instead of creating a duplicate.
  const [createdId, setCreatedId] = useState<number>();
  const [hazards, setHazards] = useState(NO_HAZARD_FIELDS);
  const error = creation.error ?? staging.error;

  const save = async (values: FormValues<string>) => {
    let itemId = createdId;
    if (itemId === undefined) {
      const item = view.newItem.request(values);
      const created = await create(
        item.kind === 'chemical' ? { ...item, fields: { ...item.fields, ...hazards } } : item,
      );
      if (!created.data) return undefined;
      itemId = created.data.id;
      setCreatedId(itemId);
    }
    const staged = await stage({
      kind,
      itemId,
      quantity: numberOrNull(values.quantity),
      expiryDate: stagesExpiry(kind) ? dateOrNull(values.expiry_date) : undefined,
    });
    return staged.error === undefined ? values.name.trim() : undefined;
  };

  return (
    <StockFormDialog
      title={`Add New ${view.label}`}
      fields={view.newItem.fields}
      initialValues={{ ...view.newItem.emptyValues, name }}
      pending={creation.isLoading || staging.isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
      submitLabel="Add"
      savedMessage={(saved) => `${saved} added to the shipment.`}
    >
      {kind === 'chemical' && (
        <HazardFields value={hazards} onChange={setHazards} errors={fieldErrors(error)} />
      )}
    </StockFormDialog>
  );
}
