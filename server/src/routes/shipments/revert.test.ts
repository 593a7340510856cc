import type { StockKind } from '../../domain/stockKinds';
import {
  createLocation,
  createStockRecord,
  expectStockConsistent,
  issueStock,
  ledgerOf,
  receiveShipment,
  stockQuantity,
} from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Undo of a shipment merge (docs/api.md §6): REVERSAL entries, never a change to the past.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const revert = (shipmentId: number, as = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/management/shipments/${shipmentId}/revert/`,
    headers: authHeader(as),
  });

const history = async (type: StockKind) =>
  (
    await t.app.inject({ url: `/api/management/shipments/?type=${type}`, headers: authHeader(token) })
  ).json() as {
    id: number;
    reverted_at: string | null;
    reverted_by: string | null;
    undo_until: string | null;
  }[];

let names = 0;
const unique = (name: string) => `${name} ${++names}`;

const expectConsistent = (kind: StockKind, id: number, expected: number) =>
  expectStockConsistent(t, token, kind, id, expected);

describe('POST /api/management/shipments/{id}/revert/', () => {
  it('answers 401 to anonymous callers before the id is looked up, and 404 to an unknown id', async () => {
    for (const url of ['/api/management/shipments/1/revert/', '/api/management/shipments/99999/revert/']) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(401);
    }
    const unknown = await revert(99999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
  });

  it('takes every line back with REVERSAL entries, marks the shipment reverted and keeps it in the history', async () => {
    const ethanol = await createStockRecord(t, token, 'chemical', 238, unique('Ethanol'));
    const acetone = await createStockRecord(t, token, 'chemical', 0.1, unique('Acetone'));
    const shipment = await receiveShipment(t, token, 'chemical', [
      [ethanol, 12.5],
      [acetone, 0.2],
      [ethanol, 0.25],
    ]);
    const earlier = await ledgerOf(t, token, 'chemical', ethanol);
    const undoer = await t.signedInUser();

    const response = await revert(shipment.id, undoer.token);
    expect(response.statusCode).toBe(200);
    const reverted = response.json();
    expect(reverted).toEqual({
      ...shipment,
      reverted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reverted_by: undoer.user.email,
      undo_until: null,
    });

    await expectConsistent('chemical', ethanol, 238);
    await expectConsistent('chemical', acetone, 0.1);
    // New entries on top; the shipment's own entries stay as they were.
    const ledger = await ledgerOf(t, token, 'chemical', ethanol);
    expect(ledger.slice(2)).toEqual(earlier);
    expect(ledger.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'REVERSAL',
        change: -0.25,
        balance: 238,
        user_email: undoer.user.email,
      }),
      expect.objectContaining({
        kind: 'REVERSAL',
        change: -12.5,
        balance: 238.25,
        user_email: undoer.user.email,
      }),
    ]);
    const entries = (
      await t.app.inject({
        url: `/api/management/ledger/?kind=reversal&user=${encodeURIComponent(undoer.user.email)}`,
        headers: authHeader(token),
      })
    ).json().results;
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry).toEqual(
        expect.objectContaining({
          shipment_id: shipment.id,
          issue_id: null,
          created_at: reverted.reverted_at,
        }),
      );
    }

    const listed = await history('chemical');
    expect(listed.find((item) => item.id === shipment.id)).toEqual(reverted);
    expect(listed.filter((item) => item.reverted_at !== null)).toHaveLength(1);
    // Search results show the quantity taken back.
    const found = await t.app.inject({
      url: `/api/management/fuzzysearch/?type=chemical&query=${encodeURIComponent(`Ethanol ${names - 1}`)}`,
    });
    expect(found.json()[0]).toEqual(expect.objectContaining({ id: ethanol, quantity: 238 }));
  });

  it('is refused, naming the item and changing nothing, when part of the shipment was issued meanwhile', async () => {
    const beaker = await createStockRecord(t, token, 'glassware', 0, unique('Beaker'));
    const flask = await createStockRecord(t, token, 'glassware', 5, unique('Flask'));
    // Two lines for one record: the undo needs their sum, 7 pieces.
    const shipment = await receiveShipment(t, token, 'glassware', [
      [flask, 1],
      [beaker, 3],
      [beaker, 4],
    ]);
    await issueStock(t, token, await createLocation(t, token), [['glassware', beaker, 2]]);
    const ledgers = [
      await ledgerOf(t, token, 'glassware', beaker),
      await ledgerOf(t, token, 'glassware', flask),
    ];

    const response = await revert(shipment.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: `Beaker ${names - 1}: only 5 pieces in stock; the shipment added 7 pieces.`,
    });
    await expectConsistent('glassware', beaker, 5);
    await expectConsistent('glassware', flask, 6);
    expect([
      await ledgerOf(t, token, 'glassware', beaker),
      await ledgerOf(t, token, 'glassware', flask),
    ]).toEqual(ledgers);
    expect((await history('glassware')).find((item) => item.id === shipment.id)?.reverted_at).toBeNull();
  });

  it('applies once: a second undo, also at the same moment, is refused with who undid it and when', async () => {
    const meter = await createStockRecord(t, token, 'instrument', 2, unique('pH Meter'));
    const first = await receiveShipment(t, token, 'instrument', [[meter, 3]]);
    const done = await revert(first.id);
    expect(done.statusCode).toBe(200);
    const again = await revert(first.id);
    expect(again.statusCode).toBe(409);
    const { reverted_at, reverted_by } = done.json();
    expect(again.json()).toEqual({
      detail: `This shipment was already reverted on ${reverted_at.slice(0, 10)} by ${reverted_by}.`,
    });
    await expectConsistent('instrument', meter, 2);

    const second = await receiveShipment(t, token, 'instrument', [[meter, 4]]);
    const users = [await t.signedInUser(), await t.signedInUser(), await t.signedInUser()];
    const responses = await Promise.all(users.map((user) => revert(second.id, user.token)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    await expectConsistent('instrument', meter, 2);
    const reversals = (await ledgerOf(t, token, 'instrument', meter)).filter(
      (entry) => entry.kind === 'REVERSAL',
    );
    expect(reversals).toHaveLength(2);
  });

  it('never takes stock below zero when an undo, issues and edits of the same records run at once', async () => {
    for (let round = 0; round < 6; round += 1) {
      const bottle = await createStockRecord(t, token, 'chemical', 0, unique('Toluene'));
      const shipment = await receiveShipment(t, token, 'chemical', [[bottle, 10]]);
      const issuers = [await t.signedInUser(), await t.signedInUser()];
      const locations = [await createLocation(t, token), await createLocation(t, token)];
      for (const issuer of issuers) {
        const line = await t.app.inject({
          method: 'POST',
          url: '/api/management/issue-cart/',
          payload: { object_type: 'CHEMICAL', object_id: bottle, quantity: 4 },
          headers: authHeader(issuer.token),
        });
        expect(line.statusCode).toBe(201);
      }

      const [undo, ...others] = await Promise.all([
        revert(shipment.id),
        ...issuers.map((issuer, index) =>
          t.app.inject({
            method: 'POST',
            url: `/api/management/issue-cart/${locations[index]}/merge/`,
            headers: authHeader(issuer.token),
          }),
        ),
        t.app.inject({
          method: 'PATCH',
          url: `/api/storeobjects/chemicalobjs/${bottle}/`,
          payload: { quantity: 11 },
          headers: authHeader(token),
        }),
      ]);

      expect([200, 409]).toContain(undo.statusCode);
      for (const merge of others.slice(0, 2)) expect([201, 409]).toContain(merge.statusCode);
      expect(others[2].statusCode).toBe(200);
      const quantity = await stockQuantity(t, 'chemical', bottle);
      expect(quantity).toBeGreaterThanOrEqual(0);
      await expectConsistent('chemical', bottle, quantity);
      const ledger = await ledgerOf(t, token, 'chemical', bottle);
      expect(ledger[0].balance).toBe(quantity);
      expect(ledger.every((entry) => entry.balance >= 0)).toBe(true);
      expect(ledger.filter((entry) => entry.kind === 'REVERSAL')).toHaveLength(
        undo.statusCode === 200 ? 1 : 0,
      );
    }
  });

  it('tells until when each standing shipment can be undone: SHIPMENT_UNDO_DAYS after its merge', async () => {
    const short = await buildTestApp({ shipmentUndoDays: 2 });
    try {
      const { user } = await short.signedInUser();
      let own = await short.login(user.email);
      const record = await createStockRecord(short, own, 'instrument', 0, unique('Centrifuge'));
      const kept = await receiveShipment(short, own, 'instrument', [[record, 1]]);
      const undone = await receiveShipment(short, own, 'instrument', [[record, 2]]);
      const twoDaysAfter = (dateTime: string) =>
        new Date(Date.parse(dateTime) + 2 * 86_400_000).toISOString();
      expect(kept.undo_until).toBe(twoDaysAfter(kept.date_time));

      const reverted = await short.app.inject({
        method: 'POST',
        url: `/api/management/shipments/${undone.id}/revert/`,
        headers: authHeader(own),
      });
      expect(reverted.json().undo_until).toBeNull();
      const listed = (
        await short.app.inject({
          url: '/api/management/shipments/?type=instrument',
          headers: authHeader(own),
        })
      ).json();
      expect(listed.map((shipment: { id: number; undo_until: string | null }) => shipment)).toEqual([
        expect.objectContaining({ id: undone.id, undo_until: null }),
        expect.objectContaining({ id: kept.id, undo_until: twoDaysAfter(kept.date_time) }),
      ]);

      // The moment it names is the last one the server accepts.
      short.advanceClock((Date.parse(kept.undo_until!) - Date.now()) / 1000 + 1);
      own = await short.login(user.email);
      const late = await short.app.inject({
        method: 'POST',
        url: `/api/management/shipments/${kept.id}/revert/`,
        headers: authHeader(own),
      });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ detail: 'Shipments older than 2 days cannot be undone.' });
    } finally {
      await short.close();
    }
  });

  it('is refused once the shipment is older than SHIPMENT_UNDO_DAYS', async () => {
    const { user } = await t.signedInUser();
    let own = await t.login(user.email);
    const record = await createStockRecord(t, own, 'glassware', 1, unique('Burette'));
    const old = await receiveShipment(t, own, 'glassware', [[record, 1]]);
    const recent = await receiveShipment(t, own, 'glassware', [[record, 2]]);
    const SEVEN_DAYS = 7 * 86_400;

    t.advanceClock(SEVEN_DAYS - 60);
    own = await t.login(user.email);
    expect((await revert(recent.id, own)).statusCode).toBe(200);
    t.advanceClock(120);
    own = await t.login(user.email);
    const late = await revert(old.id, own);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Shipments older than 7 days cannot be undone.' });
    // The file's token expired with the clock's move.
    token = own;
    await expectConsistent('glassware', record, 2);
  });
});
