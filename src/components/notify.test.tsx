import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastHost, notify } from './notify';

describe('notify', () => {
  it('closes a toast when it is clicked', async () => {
    const user = userEvent.setup();
    render(<ToastHost />);
    act(() => {
      notify('Saved.', 'success');
    });
    await user.click(await screen.findByText('Saved.'));
    await waitFor(() => expect(screen.queryByText('Saved.')).not.toBeInTheDocument());
  });

  it('closes a toast from its Dismiss button, for keyboard users', async () => {
    const user = userEvent.setup();
    render(<ToastHost />);
    act(() => {
      notify('Stored.');
    });
    await screen.findByText('Stored.');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Stored.')).not.toBeInTheDocument());
  });
});
