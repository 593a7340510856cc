import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PageControls, type Paging } from './PagedTable';

function Controls() {
  const [paging, setPaging] = useState<Paging>({ limit: 25, page: 0 });
  return (
    <>
      <PageControls count={120} paging={paging} onPagingChange={setPaging} rowsLabel="Rows shown:" />
      <output>{`page ${paging.page}, ${paging.limit} a page`}</output>
    </>
  );
}

describe('PageControls', () => {
  it('goes from page to page, and back to the first when the rows per page change', async () => {
    const user = userEvent.setup();
    render(<Controls />);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByRole('status')).toHaveTextContent('page 2, 25 a page');
    expect(screen.getByText('51–75 of 120')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Rows shown:' }));
    await user.click(screen.getByRole('option', { name: '100' }));
    expect(screen.getByRole('status')).toHaveTextContent('page 0, 100 a page');
  });
});
