import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useUpdateLocationMutation, type Location, type NewLocation } from '../../api/locations';
import { useEditConflict } from '../../components/EditConflict';
import { formChanged, reapplied } from '../../components/formChanges';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import {
  locationConflictFields,
  locationFieldNames,
  LocationFields,
  locationIncomplete,
} from './CreateLocationDialog';

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
 * because the location changed meanwhile, the form stays open with the conflict (docs/api.md §28), and Reapply
 * sends only the fields the person changed, over the location as it is now.
 */
export function EditLocationDialog({ location, onSaved, onClose }: EditLocationDialogProps) {
  const [updateLocation, { isLoading, error }] = useUpdateLocationMutation();
  const [opened] = useState(() => fieldsOf(location));
  // What the form's values are changes of: the location as opened, or as it was when a conflict was resolved.
  const [started, setStarted] = useState(opened);
  const [values, setValues] = useState(opened);
  const conflicts = useEditConflict<Location>(location.version);
  const refused = formErrors(error, locationFieldNames);

  const submit = async () => {
    if (locationIncomplete(values)) return;
    await saved(updateLocation({ id: location.id, version: conflicts.version(), fields: values }));
  };

  const reapply = (current: Location) => {
    const now = fieldsOf(current);
    const next = reapplied(started, values, now);
    setValues(next.values);
    setStarted(now);
    if (Object.keys(next.changes).length > 0)
      void saved(updateLocation({ id: location.id, version: conflicts.version(), changes: next.changes }));
  };

  const saved = async (request: ReturnType<typeof updateLocation>) => {
    const result = await request;
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
      changed={formChanged(opened, values)}
      errors={refused.others}
    >
      {conflicts.notice({
        fields: (current) => locationConflictFields(values, fieldsOf(current)),
        pending: isLoading,
        onReapply: reapply,
        onUseCurrent: (current) => {
          setValues(fieldsOf(current));
          setStarted(fieldsOf(current));
        },
      })}
      <LocationFields values={values} onChange={setValues} errors={refused.fields} />
    </FormDialog>
  );
}
