import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ChoiceFilter, labelledChoices, TextFilter } from './FilterFields';

const colours = ['red', 'blue'] as const;
const colourLabels = { red: 'Red', blue: 'Blue' };

function Filters({ all }: { all?: string }) {
  const [colour, setColour] = useState(all === undefined ? 'red' : '');
  const [search, setSearch] = useState('');
  return (
    <>
      <ChoiceFilter
        label="Colour"
        all={all}
        choices={labelledChoices(colours, colourLabels)}
        value={colour}
        onChange={setColour}
        minWidth={150}
      />
      <TextFilter label="Text" type="search" placeholder="Name" value={search} onChange={setSearch} />
      <output>{`${colour}|${search}`}</output>
    </>
  );
}

describe('the filter fields', () => {
  it('offers every choice by its label, the empty choice first where the list may show all', async () => {
    const user = userEvent.setup();
    render(<Filters all="All colours" />);
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All colours',
      'Red',
      'Blue',
    ]);
    await user.click(screen.getByRole('option', { name: 'Blue' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'eth');
    expect(screen.getByRole('status')).toHaveTextContent('blue|eth');
  });

  it('has no empty choice where one must be chosen', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Red', 'Blue']);
  });
});
