import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { RecordRef } from '../components/recordUrls';
import { useScanner } from '../components/useScanner';
import { replayEarlyInput, type EarlyInput } from './earlyInput';

/** A search form and the scanner, as the public area's first screen has them. */
function SearchScreen({
  onScan,
  onSearch,
}: {
  onScan: (record: RecordRef) => void;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  useScanner(onScan);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <input
        aria-label="Search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

/** The keys after-first-paint.js keeps for `text` typed with `target` focused, then Enter. */
function typed(text: string, target: EventTarget): EarlyInput[] {
  return [...text, 'Enter'].map((key) => ({ key, target }));
}

function renderScreen() {
  const onScan = jest.fn<void, [RecordRef]>();
  const onSearch = jest.fn<void, [string]>();
  render(<SearchScreen onScan={onScan} onSearch={onSearch} />);
  return { onScan, onSearch, box: screen.getByRole('searchbox', { name: 'Search' }) };
}

describe('replayEarlyInput (issue 33)', () => {
  it('opens the record of a label scanned while nothing had the focus', () => {
    const { onScan, onSearch } = renderScreen();
    act(() => replayEarlyInput(typed('https://labstore.example.org/chemicals/12', document.body)));
    expect(onScan).toHaveBeenCalledWith({ kind: 'chemical', id: 12 });
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('opens the record of a label scanned into the search box, and leaves the box as it was', () => {
    const { onScan, onSearch, box } = renderScreen();
    act(() => replayEarlyInput(typed('https://labstore.example.org/chemicals/12', box)));
    expect(onScan).toHaveBeenCalledWith({ kind: 'chemical', id: 12 });
    expect(onSearch).not.toHaveBeenCalled();
    expect(box).toHaveValue('');
  });

  it('types words into the box they were typed in, and Enter searches for them', () => {
    const { onScan, onSearch, box } = renderScreen();
    const early = typed('ethanoll', box);
    // A Backspace before the Enter takes the last letter back.
    early.splice(-1, 0, { key: 'Backspace', target: box });
    act(() => replayEarlyInput(early));
    expect(onSearch).toHaveBeenCalledWith('ethanol');
    expect(box).toHaveValue('ethanol');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('clicks a button clicked before the app ran, after the keys typed before the click', () => {
    const { onSearch, box } = renderScreen();
    const early: EarlyInput[] = [...'ethanol'].map((key) => ({ key, target: box }));
    early.push({ button: screen.getByRole('button', { name: 'Search' }) });
    act(() => replayEarlyInput(early));
    expect(onSearch).toHaveBeenCalledWith('ethanol');
  });
});
