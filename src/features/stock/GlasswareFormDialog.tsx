import {
  useCreateGlasswareStockMutation,
  useUpdateGlasswareStockMutation,
  type GlasswareFields,
  type GlasswareStock,
} from '../../api/stock';
import { expiryDateField, minimumQuantityField } from '../../components/stockAlertFields';
import {
  dateOrNull,
  numberOrNull,
  StockFormDialog,
  textOf,
  type FormField,
  type FormValues,
} from '../../components/StockFormDialog';

type Values = FormValues<keyof GlasswareFields>;

const fields: FormField<keyof GlasswareFields>[] = [
  { name: 'name', label: 'Name' },
  { name: 'size', label: 'Size', type: 'number' },
  { name: 'material_type', label: 'Material Type' },
  { name: 'manufacturer', label: 'Manufacturer' },
  { name: 'supplier', label: 'Supplier' },
  { name: 'quantity', label: 'Quantity', type: 'number', helperText: 'In pieces.' },
  expiryDateField,
  minimumQuantityField('glassware'),
];

const emptyValues: Values = {
  name: '',
  size: '',
  material_type: '',
  manufacturer: '',
  supplier: '',
  quantity: '0',
  expiry_date: '',
  minimum_quantity: '',
};

function valuesOf({
  glassware,
  size,
  material_type,
  manufacturer,
  supplier,
  quantity,
  expiry_date,
  minimum_quantity,
}: GlasswareStock): Values {
  return {
    name: glassware.name,
    size: String(size),
    material_type,
    manufacturer: manufacturer.name,
    supplier: supplier.name,
    quantity: String(quantity),
    expiry_date: textOf(expiry_date),
    minimum_quantity: textOf(minimum_quantity),
  };
}

/** New Glassware, or Edit Glassware when given the record. */
export function GlasswareFormDialog({ record, onClose }: { record?: GlasswareStock; onClose: () => void }) {
  const [create, creation] = useCreateGlasswareStockMutation();
  const [update, edit] = useUpdateGlasswareStockMutation();

  const save = async (values: Values) => {
    const written = {
      ...values,
      size: numberOrNull(values.size),
      quantity: numberOrNull(values.quantity),
      expiry_date: dateOrNull(values.expiry_date),
      minimum_quantity: numberOrNull(values.minimum_quantity),
    };
    const result = record ? await update({ id: record.id, ...written }) : await create(written);
    return result.data?.glassware.name;
  };

  return (
    <StockFormDialog
      title={record ? 'Edit Glassware' : 'New Glassware'}
      fields={fields}
      initialValues={record ? valuesOf(record) : emptyValues}
      pending={creation.isLoading || edit.isLoading}
      error={(record ? edit : creation).error}
      onSave={save}
      onClose={onClose}
    />
  );
}
