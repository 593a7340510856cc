import { createSigner } from 'fast-jwt';
import { signToken, verifyToken } from './jwt';

const secret = 'a-test-secret-of-at-least-32-bytes-long';

describe('tokens', () => {
  it('round-trips the contract claims', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const token = signToken(secret, 'access', 7, 60, { now, tokenVersion: 3 });
    expect(verifyToken(secret, token, 'access', now)).toEqual({
      token_type: 'access',
      user_id: 7,
      token_version: 3,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(now.getTime() / 1000) + 60,
      jti: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(verifyToken(secret, token, 'refresh', now)).toBeNull();
    expect(verifyToken(secret, token, 'access', new Date(now.getTime() + 61_000))).toBeNull();
  });

  it('reads a token without a version (issued before versions existed) as version 0', () => {
    const legacy = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
      token_type: 'access',
      user_id: 7,
      jti: 'j',
    });
    expect(verifyToken(secret, legacy, 'access')).toMatchObject({ user_id: 7, token_version: 0 });
  });

  it('only accepts HS256: a token signed with another algorithm or none at all is refused', () => {
    const claims = { token_type: 'access', user_id: 7, jti: 'j' };
    const hs512 = createSigner({ key: secret, algorithm: 'HS512', expiresIn: 60_000 })(claims);
    const unsigned = createSigner({ algorithm: 'none', expiresIn: 60_000 })(claims);
    expect(verifyToken(secret, hs512, 'access')).toBeNull();
    expect(verifyToken(secret, unsigned, 'access')).toBeNull();
  });
});
