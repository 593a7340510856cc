import type { Fund, LabRequest } from '../api/requests';
import { at, callAs, LAB_PEOPLE, seedLabRoles, signIn, updateStock } from './seed';

// Issue 24's loop as the component tests start from it: priced stock, a lab's funds, and requests at each step,
// all written through the real API by the people whose step it is.

/**
 * `seedLabRoles`, then:
 * - prices: Ethanol (chemical 1) 0.0452 EUR per ml, Beaker (glassware 1) 3.5 EUR per piece; the rest unpriced;
 * - Physical Lab 1's funds, made by its manager Max: ERC-17 "ERC grant 17" (1), DEPT "Department budget" (2), and
 *   OLD "Closed grant" (3, inactive);
 * - requests of Physical Lab 1 by its member Lena, on fund ERC-17, submitted on November 23, 2026:
 *   1 "For the Friday practical": 100 ml Ethanol and 2 Beakers, submitted (waiting for Max);
 *   2: 50 ml Ethanol and 1 Spectrophotometer, approved by Max (waiting for the store).
 */
export async function seedLabRequests(): Promise<void> {
  await seedLabRoles();
  await updateStock('chemical', 1, { unit_price: 0.0452 });
  await updateStock('glassware', 1, { unit_price: 3.5 });
  const manager = await signIn(LAB_PEOPLE.labManager.email, LAB_PEOPLE.labManager.password);
  const member = await signIn(LAB_PEOPLE.labMember.email, LAB_PEOPLE.labMember.password);
  const fund = (code: string, name: string, active = true) =>
    callAs<Fund>(manager, 'POST', '/api/labs/1/funds/', { code, name, active });
  const erc = await fund('ERC-17', 'ERC grant 17');
  await fund('DEPT', 'Department budget');
  await fund('OLD', 'Closed grant', false);
  const submit = (note: string, lines: object[]) =>
    callAs<LabRequest>(member, 'POST', '/api/labs/1/requests/', { fund: erc.id, note, lines });
  await at('2026-11-23T09:00:00.000Z', async () => {
    await submit('For the Friday practical', [
      { object_type: 'CHEMICAL', object_id: 1, quantity: 100 },
      { object_type: 'GLASSWARE', object_id: 1, quantity: 2 },
    ]);
    const second = await submit('', [
      { object_type: 'CHEMICAL', object_id: 1, quantity: 50 },
      { object_type: 'INSTRUMENT', object_id: 1, quantity: 1 },
    ]);
    await callAs(manager, 'POST', `/api/requests/${second.id}/approve/`, {});
  });
}
