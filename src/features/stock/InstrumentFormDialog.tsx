import {
  useCreateInstrumentStockMutation,
  useUpdateInstrumentStockMutation,
  type InstrumentFields,
  type InstrumentStock,
} from '../../api/stock';
import { minimumQuantityField } from '../../components/stockAlertFields';
import {
  numberOrNull,
  StockFormDialog,
  textOf,
  type FormField,
  type FormValues,
} from '../../components/StockFormDialog';

type Values = FormValues<keyof InstrumentFields>;

const fields: FormField<keyof InstrumentFields>[] = [
  { name: 'name', label: 'Name' },
  { name: 'manufacturer', label: 'Manufacturer' },
  { name: 'supplier', label: 'Supplier' },
  { name: 'quantity', label: 'Quantity', type: 'number', helperText: 'In pieces.' },
  minimumQuantityField('instrument'),
];

const emptyValues: Values = { name: '', manufacturer: '', supplier: '', quantity: '0', minimum_quantity: '' };

function valuesOf({
  instrument,
  manufacturer,
  supplier,
  quantity,
  minimum_quantity,
}: InstrumentStock): Values {
  return {
    name: instrument.name,
    manufacturer: manufacturer.name,
    supplier: supplier.name,
    quantity: String(quantity),
    minimum_quantity: textOf(minimum_quantity),
  };
}

/** New Instrument, or Edit Instrument when given the record. */
export function InstrumentFormDialog({ record, onClose }: { record?: InstrumentStock; onClose: () => void }) {
  const [create, creation] = useCreateInstrumentStockMutation();
  const [update, edit] = useUpdateInstrumentStockMutation();

  const save = async (values: Values) => {
    const written = {
      ...values,
      quantity: numberOrNull(values.quantity),
      minimum_quantity: numberOrNull(values.minimum_quantity),
    };
    const result = record ? await update({ id: record.id, ...written }) : await create(written);
    return result.data?.instrument.name;
  };

  return (
    <StockFormDialog
      title={record ? 'Edit Instrument' : 'New Instrument'}
      fields={fields}
      initialValues={record ? valuesOf(record) : emptyValues}
      pending={creation.isLoading || edit.isLoading}
      error={(record ? edit : creation).error}
      onSave={save}
      onClose={onClose}
    />
  );
}
