import { within } from '@testing-library/react';
import { readAsAdmin } from './seed';

// What the tests of the edit forms read when a save was refused because the record changed meanwhile (docs/api.md
// §28, components/EditConflict.tsx).

/** The conflict's table in a form, row by row: the field, your value, the current one. */
export function conflictRows(form: HTMLElement): string[][] {
  const table = within(form).getByRole('table', { name: 'Your values and the current ones' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    ]);
}

/** Who made the newest audited change of a record, and when: what a refused save names. */
export async function lastAudited(targetType: string, id: number): Promise<{ by: string; at: string }> {
  const { results } = await readAsAdmin<{ results: { created_at: string; actor_email: string }[] }>(
    `/api/management/audit/?target_type=${targetType}&target_id=${id}`,
  );
  return { by: results[0].actor_email, at: results[0].created_at };
}
