import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { hazardFieldsOf, NO_HAZARD_FIELDS } from '../../api/ghs';
import {
  useCreateChemicalStockMutation,
  useUpdateChemicalStockMutation,
  type ChemicalFields,
  type ChemicalState,
  type ChemicalStock,
} from '../../api/stock';
import { HazardFields } from '../../components/HazardFields';
import { stateLabels } from '../../components/stockColumns';
import { expiryDateField, minimumQuantityField, openedOnField } from '../../components/stockAlertFields';
import {
  dateOrNull,
  numberOrNull,
  StockFormDialog,
  textOf,
  type FormField,
  type FormValues,
} from '../../components/StockFormDialog';

type Values = FormValues<keyof ChemicalFields>;

const fields: FormField<keyof ChemicalFields>[] = [
  { name: 'name', label: 'Name' },
  { name: 'CAS_RN', label: 'CAS RN' },
  { name: 'molecular_formula', label: 'Molecular Formula' },
  {
    name: 'molecular_weight',
    label: 'Molecular Weight',
    type: 'number',
    optional: true,
    helperText: 'Optional: when left empty, the server computes it from the formula.',
  },
  { name: 'purity', label: 'Purity', type: 'number', helperText: 'In percent.' },
  { name: 'manufacturer', label: 'Manufacturer' },
  { name: 'supplier', label: 'Supplier' },
  {
    name: 'state',
    label: 'State',
    choices: {
      placeholder: 'Please Choose...',
      options: Object.entries(stateLabels).map(([value, label]) => ({ value, label })),
    },
  },
  { name: 'quantity', label: 'Quantity', type: 'number', helperText: 'In ml.' },
  expiryDateField,
  openedOnField,
  minimumQuantityField('chemical'),
];

const emptyValues: Values = {
  name: '',
  CAS_RN: '',
  molecular_formula: '',
  molecular_weight: '',
  purity: '',
  manufacturer: '',
  supplier: '',
  state: '',
  quantity: '0',
  expiry_date: '',
  opened_on: '',
  minimum_quantity: '',
};

function valuesOf({
  chemical,
  purity,
  manufacturer,
  supplier,
  state,
  quantity,
  expiry_date,
  opened_on,
  minimum_quantity,
}: ChemicalStock): Values {
  return {
    name: chemical.name,
    CAS_RN: chemical.CAS_RN,
    molecular_formula: chemical.molecular_formula,
    molecular_weight: String(chemical.molecular_weight),
    purity: String(purity),
    manufacturer: manufacturer.name,
    supplier: supplier.name,
    state,
    quantity: String(quantity),
    expiry_date: textOf(expiry_date),
    opened_on: textOf(opened_on),
    minimum_quantity: textOf(minimum_quantity),
  };
}

function fieldsOf(values: Values): ChemicalFields {
  return {
    ...values,
    molecular_weight: numberOrNull(values.molecular_weight),
    purity: numberOrNull(values.purity),
    state: values.state as ChemicalState | '',
    quantity: numberOrNull(values.quantity),
    expiry_date: dateOrNull(values.expiry_date),
    opened_on: dateOrNull(values.opened_on),
    minimum_quantity: numberOrNull(values.minimum_quantity),
  };
}

/** New Chemical, or Edit Chemical when given the record. */
export function ChemicalFormDialog({ record, onClose }: { record?: ChemicalStock; onClose: () => void }) {
  const [create, creation] = useCreateChemicalStockMutation();
  const [update, edit] = useUpdateChemicalStockMutation();
  const [hazards, setHazards] = useState(record ? hazardFieldsOf(record) : NO_HAZARD_FIELDS);
  const error = (record ? edit : creation).error;

  const save = async (values: Values) => {
    const written = { ...fieldsOf(values), ...hazards };
    const result = record ? await update({ id: record.id, ...written }) : await create(written);
    return result.data?.chemical.name;
  };

  return (
    <StockFormDialog
      title={record ? 'Edit Chemical' : 'New Chemical'}
      fields={fields}
      initialValues={record ? valuesOf(record) : emptyValues}
      pending={creation.isLoading || edit.isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
    >
      <HazardFields value={hazards} onChange={setHazards} errors={fieldErrors(error)} />
    </StockFormDialog>
  );
}
