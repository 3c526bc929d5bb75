// The push registration main sends: keys made here, the registration readable only by the relay.
import { createDecipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPushRegistration } from '../../../main/app/push-registration';

const relay = generateKeyPairSync('x25519');
const relayPublic = Buffer.from(relay.publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');

describe('the push registration', () => {
  it('encrypts the token, its kind and the time for the relay, in standard base64', () => {
    const params = buildPushRegistration({ token_kind: 'fcm', token: 'device-token-1', bouncer_public_key: relayPublic }, 1_800_000_000);
    expect(params).toMatchObject({ token_kind: 'fcm', bouncer_public_key: relayPublic });
    expect(Number.isInteger(params.push_account_id) && params.push_account_id > 0).toBe(true);
    expect(Buffer.from(params.push_public_key, 'base64')).toHaveLength(32);
    const sealed = Buffer.from(params.encrypted_push_registration, 'base64');
    expect(sealed.toString('base64')).toBe(params.encrypted_push_registration);
    const ephemeral = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: sealed.subarray(0, 32).toString('base64url') }, format: 'jwk' });
    const key = Buffer.from(hkdfSync('sha256', diffieHellman({ privateKey: relay.privateKey, publicKey: ephemeral }), Buffer.alloc(0), 'push registration', 32));
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(32, 44));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(44, sealed.length - 16)), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain)).toEqual({ token: 'device-token-1', token_kind: 'fcm', timestamp: 1_800_000_000 });
  });

  it('makes a new account id and key pair each time', () => {
    const a = buildPushRegistration({ token_kind: 'apns', token: 't', bouncer_public_key: relayPublic, ios_app_id: 'com.example.chat' }, 1);
    const b = buildPushRegistration({ token_kind: 'apns', token: 't', bouncer_public_key: relayPublic }, 1);
    expect(a.push_public_key).not.toBe(b.push_public_key);
    expect(a.push_account_id).not.toBe(b.push_account_id);
  });

  it('refuses a relay key that is not a base64 X25519 key', () => {
    expect(() => buildPushRegistration({ token_kind: 'fcm', token: 't', bouncer_public_key: 'not-a-key' }, 1)).toThrow(/32 bytes/);
  });
});
