import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RecordRef } from './recordUrls';
import { scan } from '../testing/scanner';
import { SCAN_KEY_GAP_MS, useScanner } from './useScanner';

const label = 'http://lab.example.org/chemicals/12';

function Scanned({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [scans, setScans] = useState<RecordRef[]>([]);
  const [text, setText] = useState('');
  useScanner((record) => setScans((all) => [...all, record]));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <output aria-label="Scans">{scans.map(({ kind, id }) => `${kind} ${id}`).join(', ')}</output>
    </form>
  );
}

describe('useScanner', () => {
  it('takes a record URL typed anywhere outside a field, then Enter, as a scan', async () => {
    render(<Scanned />);
    await scan(label);
    expect(screen.getByRole('status', { name: 'Scans' })).toHaveTextContent('chemical 12');
  });

  it('takes a fast burst in a search box as a scan: the box keeps what it had, the form is not submitted', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Scanned onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, 'eth');
    await scan(label, box);
    expect(screen.getByRole('status', { name: 'Scans' })).toHaveTextContent('chemical 12');
    expect(box).toHaveValue('eth');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves a URL typed by hand into a search box to the box', async () => {
    // A person's keys, in real time: both clocks the hook reads see the pauses.
    const user = userEvent.setup({ delay: SCAN_KEY_GAP_MS * 2 });
    const onSubmit = jest.fn();
    render(<Scanned onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    const typedByHand = 'http://x/chemicals/12';
    await user.type(box, `${typedByHand}{Enter}`);
    expect(screen.getByRole('status', { name: 'Scans' })).toBeEmptyDOMElement();
    expect(box).toHaveValue(typedByHand);
    expect(onSubmit).toHaveBeenCalled();
  });

  it('ignores codes that are no LabStore record URL', async () => {
    render(<Scanned />);
    await scan('4006381333931');
    await scan('http://lab.example.org/files/12');
    expect(screen.getByRole('status', { name: 'Scans' })).toBeEmptyDOMElement();
  });
});
