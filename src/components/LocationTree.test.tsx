import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ConsumersTree, LocationEntry } from '../api/locations';
import { LocationTree } from './LocationTree';

const tree: ConsumersTree = {
  PhysicalLab: [
    { id: 1, name: 'Physical Lab 1' },
    { id: 4, name: 'Physical Lab 2' },
  ],
  OrganicLab: [{ id: 2, name: 'Organic Lab A' }],
  InorganicLab: [],
  Personal: [{ id: 3, name: 'Dr. X' }],
};

/** The tree as a page holds it: the page keeps the choice. */
function Harness({ onSelect }: { onSelect: (location: LocationEntry) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <LocationTree
      tree={tree}
      selectedId={selected}
      onSelect={(location) => {
        setSelected(location.id);
        onSelect(location);
      }}
    />
  );
}

function renderTree() {
  const onSelect = jest.fn();
  const user = userEvent.setup();
  render(<Harness onSelect={onSelect} />);
  return { user, onSelect };
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('LocationTree', () => {
  it('lists the locations in the four groups, in order, and says when a group is empty', () => {
    renderTree();
    const groups = within(screen.getByRole('group', { name: 'Locations' }));
    expect(groups.getAllByRole('button', { expanded: true }).map((button) => button.textContent)).toEqual([
      'Physical Lab',
      'Organic Lab',
      'Inorganic Lab',
      'Personal',
    ]);
    expect(names(screen.getByRole('list', { name: 'Physical Lab' }))).toEqual([
      'Physical Lab 1',
      'Physical Lab 2',
    ]);
    expect(names(screen.getByRole('list', { name: 'Organic Lab' }))).toEqual(['Organic Lab A']);
    expect(names(screen.getByRole('list', { name: 'Inorganic Lab' }))).toEqual(['No locations yet.']);
    expect(names(screen.getByRole('list', { name: 'Personal' }))).toEqual(['Dr. X']);
  });

  it('collapses and expands a group by click and from the keyboard', async () => {
    const { user } = renderTree();
    const group = screen.getByRole('button', { name: 'Physical Lab' });

    const list = screen.getByRole('list', { name: 'Physical Lab' });
    expect(group).toHaveAttribute('aria-controls', list.id);

    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Physical Lab' })).not.toBeInTheDocument());
    // Collapsed, the list is hidden but still there for aria-controls to name.
    expect(document.getElementById(list.id)).toBe(list);
    // The other groups stay as they were.
    expect(screen.getByRole('button', { name: 'Dr. X' })).toBeInTheDocument();

    act(() => group.focus());
    await user.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Physical Lab 1' })).toBeInTheDocument();

    await user.keyboard(' ');
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('highlights the chosen location and tells the page which it is', async () => {
    const { user, onSelect } = renderTree();
    const organic = screen.getByRole('button', { name: 'Organic Lab A' });
    expect(organic).not.toHaveAttribute('aria-current');

    await user.click(organic);
    expect(onSelect).toHaveBeenCalledWith({ id: 2, name: 'Organic Lab A' });
    expect(organic).toHaveAttribute('aria-current', 'true');
    expect(organic).toHaveClass('Mui-selected');

    await user.click(screen.getByRole('button', { name: 'Dr. X' }));
    expect(organic).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Dr. X' })).toHaveAttribute('aria-current', 'true');
  });
});
