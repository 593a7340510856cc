import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../testing/render';
import { seedLab, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage } from './StorePage';

// Ethanol carries hazard data, Sodium chloride none.
setupTestServer(async () => {
  await seedLab();
  await updateStock('chemical', 1, { hazard_statements: ['H225', 'H319'] });
});

async function renderAdminStore() {
  const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
  await screen.findByRole('checkbox', { name: 'Select Ethanol' });
  return view;
}

const qrCodes = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('img', { name: /^QR code for / })
    .map((code) => code.getAttribute('aria-label'));

describe('Print labels in the admin Store', () => {
  it('previews one label with a QR code of its public URL per selected record, on A4 sheets or singly', async () => {
    const { user } = await renderAdminStore();
    const print = screen.getByRole('button', { name: 'Print labels' });
    expect(print).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Sodium chloride' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ethanol' }));
    await user.click(screen.getByRole('button', { name: 'Print labels (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Print labels (2 labels)' });
    const origin = window.location.origin;
    expect(qrCodes(dialog)).toEqual([
      `QR code for ${origin}/chemicals/2`,
      `QR code for ${origin}/chemicals/1`,
    ]);
    const ethanol = within(dialog).getByRole('article', { name: 'Label: Ethanol' });
    expect(ethanol).toHaveTextContent('CAS 64-17-5 · C2H6O');
    expect(ethanol).toHaveTextContent('99.5% · Liquid');
    expect(ethanol).toHaveTextContent('Merck · Daraz');
    const pictograms = within(ethanol).getByLabelText('Hazard pictograms');
    expect(
      within(pictograms)
        .getAllByRole('img')
        .map((image) => image.getAttribute('aria-label')),
    ).toEqual(['Flammable', 'Harmful / irritant']);
    expect(within(ethanol).getByLabelText('Hazard statements')).toHaveTextContent('H225, H319');
    const salt = within(dialog).getByRole('article', { name: 'Label: Sodium chloride' });
    expect(within(salt).queryByLabelText('Hazard pictograms')).not.toBeInTheDocument();
    expect(within(salt).queryByLabelText('Hazard statements')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Sheet 1 of 1' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Single label (70 × 37 mm)' }));
    expect(within(dialog).getByRole('group', { name: 'Sheet 2 of 2' })).toBeInTheDocument();
    expect(qrCodes(dialog)).toHaveLength(2);

    const printing = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(printing).toHaveBeenCalledTimes(1);
    printing.mockRestore();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("prints one record's label from its row, the glassware's with its size and type", async () => {
    const { user } = await renderAdminStore();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    await user.click(await screen.findByRole('button', { name: 'Print label of Beaker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels (1 label)' });
    expect(qrCodes(dialog)).toEqual([`QR code for ${window.location.origin}/glassware/1`]);
    expect(within(dialog).getByRole('article', { name: 'Label: Beaker' })).toHaveTextContent(
      '250 · Borosilicate',
    );
    expect(within(dialog).getByRole('radio', { name: 'Single label (70 × 37 mm)' })).toBeChecked();
  });
});
