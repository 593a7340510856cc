import { useState } from 'react';
import { fieldErrors } from '../../api/fieldMessages';
import { changedHazards, NO_HAZARD_FIELDS } from '../../api/ghs';
import { useAddShipmentLineMutation, useCreateNewStockItemMutation } from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { sameValue } from '../../components/formChanges';
import { HazardFields } from '../../components/HazardFields';
import {
  blankValues,
  dateOrNull,
  numberOrNull,
  StockFormDialog,
  type FormValues,
} from '../../components/StockFormDialog';
import { lineExpiryField, linePriceField, newItemFields, newItemRequest } from './kindViews';

interface NewItemDialogProps {
  kind: StockKind;
  /** The name typed in the search box, if the dialog was opened from there. */
  name?: string;
  onClose: () => void;
}

/** SPEC §4: a brand-new item is created in stock with quantity 0, then staged with the entered quantity. */
export function NewItemDialog({ kind, name = '', onClose }: NewItemDialogProps) {
  const spec = specOf(kind);
  const fields = newItemFields(kind);
  const expiry = lineExpiryField(kind);
  const [create, creation] = useCreateNewStockItemMutation();
  const [stage, staging] = useAddShipmentLineMutation();
  // When staging fails after the item was created, a retry stages that item instead of creating a duplicate.
  const [createdId, setCreatedId] = useState<number>();
  const [hazards, setHazards] = useState(NO_HAZARD_FIELDS);
  const error = creation.error ?? staging.error;

  const save = async (values: FormValues) => {
    let itemId = createdId;
    if (itemId === undefined) {
      const created = await create(newItemRequest(kind, values, spec.hazards ? changedHazards(hazards) : {}));
      if (!created.data) return undefined;
      itemId = created.data.id;
      setCreatedId(itemId);
    }
    const staged = await stage({
      kind,
      itemId,
      quantity: numberOrNull(values.quantity),
      expiryDate: expiry ? dateOrNull(values[expiry.name]) : undefined,
      unitPrice: numberOrNull(values[linePriceField(kind).name]),
    });
    return staged.error === undefined ? values.name.trim() : undefined;
  };

  return (
    <StockFormDialog
      title={`Add New ${spec.label}`}
      fields={fields}
      initialValues={{ ...blankValues(fields), name }}
      pending={creation.isLoading || staging.isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
      submitLabel="Add"
      savedMessage={(saved) => `${saved} added to the shipment.`}
      childFieldNames={spec.hazards ? Object.keys(NO_HAZARD_FIELDS) : []}
      childrenChanged={!sameValue(NO_HAZARD_FIELDS, hazards)}
    >
      {spec.hazards && <HazardFields value={hazards} onChange={setHazards} errors={fieldErrors(error)} />}
    </StockFormDialog>
  );
}
