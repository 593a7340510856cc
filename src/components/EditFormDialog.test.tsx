import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiError } from '../api/errorMessage';
import { useEditForm } from './EditFormDialog';

interface Room {
  version: number;
  name: string;
  building: string;
}

const valuesOf = ({ name, building }: Room) => ({ name, building });

// Someone moved the room to another building after the form opened.
const moved: Room = { version: 2, name: 'Lab 1', building: 'South' };
const stale = {
  status: 412,
  data: { detail: 'x', changed_by: 'ann@lab.org', changed_at: null, version: moved.version, current: moved },
} as ApiError;

/** What Reapply handed over, with the version the save would name. */
const reapplied: unknown[] = [];

function RoomForm() {
  const form = useEditForm({ version: 1, name: 'Lab 1', building: 'North' }, valuesOf);
  return (
    <>
      {form.notice({
        fields: () => [],
        pending: false,
        onReapply: (changes, values) => reapplied.push({ changes, values, version: form.version() }),
      })}
      <button onClick={() => form.setValues({ ...form.values, name: 'Lab 1a' })}>Rename</button>
      <button onClick={() => form.refused(stale)}>Save</button>
      <output aria-label="values">{JSON.stringify(form.values)}</output>
      <output aria-label="changed">{String(form.changed)}</output>
    </>
  );
}

describe('useEditForm', () => {
  beforeEach(() => {
    reapplied.length = 0;
  });

  async function refusedAfterRenaming() {
    const user = userEvent.setup();
    render(<RoomForm />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('status', { name: 'changed' })).toHaveTextContent('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return user;
  }

  it('reapplies only what the person changed, over the row as it is now, naming its version', async () => {
    const user = await refusedAfterRenaming();
    await user.click(screen.getByRole('button', { name: 'Reapply my changes' }));
    expect(reapplied).toEqual([
      { changes: { name: 'Lab 1a' }, values: { name: 'Lab 1a', building: 'South' }, version: 2 },
    ]);
    expect(screen.getByRole('status', { name: 'values' })).toHaveTextContent(
      '{"name":"Lab 1a","building":"South"}',
    );
  });

  it('takes the current values, and sends nothing', async () => {
    const user = await refusedAfterRenaming();
    await user.click(screen.getByRole('button', { name: 'Use current values' }));
    expect(screen.getByRole('status', { name: 'values' })).toHaveTextContent(
      '{"name":"Lab 1","building":"South"}',
    );
    expect(screen.queryByRole('alert', { name: 'Changed meanwhile' })).not.toBeInTheDocument();
    expect(reapplied).toEqual([]);
  });
});
