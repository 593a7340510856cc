import { typedEmailFingerprint } from './fingerprint';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('typedEmailFingerprint', () => {
  it('gives one fingerprint per text as a sign-in compares it, and none that holds the text', () => {
    const fingerprint = typedEmailFingerprint(SECRET, 'Tr0ub4dor&3');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(typedEmailFingerprint(SECRET, ' tr0ub4dor&3 ')).toBe(fingerprint);
    expect(typedEmailFingerprint(SECRET, 'Tr0ub4dor&4')).not.toBe(fingerprint);
  });

  it('depends on the server secret, so no one without it can check a guess against a fingerprint', () => {
    expect(typedEmailFingerprint(`${SECRET}!`, 'Tr0ub4dor&3')).not.toBe(
      typedEmailFingerprint(SECRET, 'Tr0ub4dor&3'),
    );
  });
});
