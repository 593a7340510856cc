import { within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { LAB_PEOPLE, signIn } from '../../testing/seed';
import { LabPage } from './LabPage';

// For the lab page's tests: the page as a person of `seedLabRoles` opens it, and tables as their cells read.

export type LabPerson = 'labMember' | 'labManager';

export const signInAs = (person: LabPerson) => signIn(LAB_PEOPLE[person].email, LAB_PEOPLE[person].password);

/** Physical Lab 1's page at one of its views, signed in as `person`; the issue history is left out. */
export async function renderLabView(person: LabPerson, view: string) {
  const token = await signInAs(person);
  return renderWithProviders(<LabPage IssueHistory={() => null} />, {
    route: `/lab?lab=1&view=${view}`,
    path: '/lab',
    preloadedState: { auth: { token } },
  });
}

/** A table's body rows, each as the text of its cells (the first `cells` of them, or all). */
export function rowsOf(table: HTMLElement, cells?: number): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, cells)
        .map((cell) => cell.textContent),
    );
}
