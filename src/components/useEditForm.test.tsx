import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiError } from '../api/errorMessage';
import { useEditForm } from './useEditForm';

interface Room {
  version: number;
  name: string;
  building: string;
}

const valuesOf = ({ name, building }: Room) => ({ name, building });

/** A 412 whose row now reads `current`. */
const staleBecause = (current: Room) =>
  ({
    status: 412,
    data: { detail: 'x', changed_by: 'ann@lab.org', changed_at: null, version: current.version, current },
  }) as ApiError;

let form: ReturnType<typeof useEditForm<Room, { name: string; building: string }>>;
const reapplied: unknown[] = [];

function RoomForm({ room }: { room: Room }) {
  form = useEditForm(room, valuesOf);
  return (
    <>
      {form.notice({
        fields: () => [],
        pending: false,
        onReapply: (changes, values) => reapplied.push({ changes, values, version: form.version() }),
      })}
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
    render(<RoomForm room={{ version: 1, name: 'Lab 1', building: 'North' }} />);
    act(() => form.setValues({ name: 'Lab 1a', building: 'North' }));
    expect(screen.getByRole('status', { name: 'changed' })).toHaveTextContent('true');
    // Someone moved the room to another building meanwhile.
    act(() => void form.refused(staleBecause({ version: 2, name: 'Lab 1', building: 'South' })));
    return userEvent.setup();
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

  it('takes the current values, from which a later reapply counts the changes', async () => {
    const user = await refusedAfterRenaming();
    await user.click(screen.getByRole('button', { name: 'Use current values' }));
    expect(screen.getByRole('status', { name: 'values' })).toHaveTextContent(
      '{"name":"Lab 1","building":"South"}',
    );
    expect(form.version()).toBe(2);
    expect(reapplied).toEqual([]);
  });
});
