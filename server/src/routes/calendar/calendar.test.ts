import { buildTestApp, type TestApp } from '../../testing/testApp';

describe('GET /api/calendar/', () => {
  let testApp: TestApp;
  afterEach(async () => {
    await testApp.close();
  });

  it("answers anyone the lab's date in LAB_TIME_ZONE, uncached", async () => {
    testApp = await buildTestApp({ labTimeZone: 'Pacific/Auckland' });
    // 23:30 UTC on 9 March: Auckland is already on the 10th.
    testApp.setClock(new Date('2026-03-09T23:30:00Z'));
    const response = await testApp.app.inject({ url: '/api/calendar/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ today: '2026-03-10', time_zone: 'Pacific/Auckland' });
  });

  it('says the UTC date by default', async () => {
    testApp = await buildTestApp();
    testApp.setClock(new Date('2026-03-09T23:30:00Z'));
    const response = await testApp.app.inject({ url: '/api/calendar' });
    expect(response.json()).toEqual({ today: '2026-03-09', time_zone: 'UTC' });
    expect((await testApp.app.inject({ method: 'POST', url: '/api/calendar/' })).statusCode).toBe(405);
  });
});
