import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { useUpdateLocationMutation, type Location, type NewLocation } from '../../api/locations';
import { useEditConflict } from '../../components/EditConflict';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { locationConflictFields, LocationFields, locationIncomplete } from './CreateLocationDialog';

const fieldsOf = ({ name, building_name, room_number, consumer_type }: Location): NewLocation => ({
  name,
  building_name,
  room_number,
  consumer_type,
});

interface EditLocationDialogProps {
  location: Location;
  /** After a save, with the location as it now is. */
  onSaved: (location: Location) => void;
  onClose: () => void;
}

/**
 * Edit Location: the Create form's fields, filled. The save names the version the form was opened with; refused
 * because the location changed meanwhile, the form stays open with the conflict (docs/api.md §28).
 */
export function EditLocationDialog({ location, onSaved, onClose }: EditLocationDialogProps) {
  const [updateLocation, { isLoading, error }] = useUpdateLocationMutation();
  const [values, setValues] = useState(() => fieldsOf(location));
  const conflicts = useEditConflict<Location>(location.version);

  const submit = async () => {
    if (locationIncomplete(values)) return;
    const result = await updateLocation({ id: location.id, version: conflicts.version(), fields: values });
    if (conflicts.refused(result.error)) return;
    if (result.data) {
      notify(`Location ${result.data.name} saved.`, 'success');
      onSaved(result.data);
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title="Edit Location"
      submitLabel="Save"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      {conflicts.notice({
        fields: (current) => locationConflictFields(values, fieldsOf(current)),
        pending: isLoading,
        onReapply: () => void submit(),
        onUseCurrent: (current) => setValues(fieldsOf(current)),
      })}
      <LocationFields values={values} onChange={setValues} errors={fieldErrors(error)} />
    </FormDialog>
  );
}
