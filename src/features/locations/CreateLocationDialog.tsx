import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useCreateLocationMutation, type ConsumerType, type NewLocation } from '../../api/locations';
import { conflictFieldsOf, type ConflictField } from '../../components/EditConflict';
import { formChanged } from '../../components/formChanges';
import { FormDialog } from '../../components/FormDialog';
import { consumerTypeLabels } from '../../components/LocationTree';
import { notify } from '../../components/notify';
import { TextInputs } from '../../components/TextInputs';

type TextFieldName = Exclude<keyof NewLocation, 'consumer_type'>;

const textFields: { name: TextFieldName; label: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'building_name', label: 'Building Name' },
  { name: 'room_number', label: 'Room Number' },
];

/** The fields the location form shows, by their API names: the server's messages about them show beside them. */
export const locationFieldNames = [...textFields.map(({ name }) => name), 'consumer_type'];

const emptyLocation: NewLocation = {
  name: '',
  building_name: '',
  room_number: '',
  consumer_type: 'PHYSICAL',
};

/** SPEC §5: every field is needed, and the check is made before any call. */
export function locationIncomplete(values: NewLocation): boolean {
  if (Object.values(values).some((value) => value.trim() === '')) {
    notify('All Field are required.', 'error');
    return true;
  }
  return false;
}

/** A location's fields in a form and on the server, as an edit's conflict lists them: the type by its label. */
export function locationConflictFields(yours: NewLocation, current: NewLocation): ConflictField[] {
  return [
    ...conflictFieldsOf(textFields, yours, current),
    {
      label: 'Type',
      yours: consumerTypeLabels[yours.consumer_type],
      current: consumerTypeLabels[current.consumer_type],
    },
  ];
}

interface LocationFieldsProps {
  values: NewLocation;
  onChange: (values: NewLocation) => void;
  /** The server's messages per field. */
  errors: Partial<Record<string, string>>;
}

/** The fields shared by Create Location and Edit Location. */
export function LocationFields({ values, onChange, errors }: LocationFieldsProps) {
  return (
    <>
      <TextInputs fields={textFields} values={values} onChange={onChange} errors={errors} />
      <TextField
        select
        name="consumer_type"
        label="Type"
        required
        value={values.consumer_type}
        onChange={(event) => onChange({ ...values, consumer_type: event.target.value as ConsumerType })}
        error={Boolean(errors.consumer_type)}
        helperText={errors.consumer_type}
      >
        {Object.entries(consumerTypeLabels).map(([type, label]) => (
          <MenuItem key={type} value={type}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export function CreateLocationDialog({ onClose }: { onClose: () => void }) {
  const [createLocation, { isLoading, error }] = useCreateLocationMutation();
  const [values, setValues] = useState(emptyLocation);
  const refused = formErrors(error, locationFieldNames);

  const submit = async () => {
    if (locationIncomplete(values)) return;
    const result = await createLocation(values);
    if (result.data) {
      notify(`Location ${result.data.name} created.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title="Create Location"
      submitLabel="Create"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      changed={formChanged(emptyLocation, values)}
      errors={refused.others}
    >
      <LocationFields values={values} onChange={setValues} errors={refused.fields} />
    </FormDialog>
  );
}
