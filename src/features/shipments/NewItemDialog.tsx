import { useState } from 'react';
import { stagesExpiry, useAddShipmentLineMutation, useCreateNewStockItemMutation } from '../../api/shipments';
import type { StockKind } from '../../api/stock';
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

  const save = async (values: FormValues<string>) => {
    let itemId = createdId;
    if (itemId === undefined) {
      const created = await create(view.newItem.request(values));
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
      error={creation.error ?? staging.error}
      onSave={save}
      onClose={onClose}
      submitLabel="Add"
      savedMessage={(saved) => `${saved} added to the shipment.`}
    />
  );
}
