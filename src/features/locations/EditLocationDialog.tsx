import { formErrors } from '../../api/fieldMessages';
import { useUpdateLocationMutation, type Location, type NewLocation } from '../../api/locations';
import { EditFormDialog, useEditForm } from '../../components/EditFormDialog';
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
  const form = useEditForm(location, fieldsOf);
  const refused = formErrors(error, locationFieldNames);

  const submit = async () => {
    if (locationIncomplete(form.values)) return;
    await saved(updateLocation({ id: location.id, version: form.version(), fields: form.values }));
  };

  const saved = async (request: ReturnType<typeof updateLocation>) => {
    const result = await request;
    if (form.refused(result.error)) return;
    if (result.data) {
      notify(`Location ${result.data.name} saved.`, 'success');
      onSaved(result.data);
      onClose();
    }
  };

  return (
    <EditFormDialog
      form={form}
      title="Edit Location"
      pending={isLoading}
      errors={refused.others}
      fields={(current) => locationConflictFields(form.values, fieldsOf(current))}
      onReapply={(changes) =>
        void saved(updateLocation({ id: location.id, version: form.version(), changes }))
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <LocationFields values={form.values} onChange={form.setValues} errors={refused.fields} />
    </EditFormDialog>
  );
}
