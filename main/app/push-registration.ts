// What registering this device for end-to-end encrypted push sends: a fresh push_account_id and
// key pair, and the registration (token, token_kind, timestamp) encrypted for the push relay's
// public key. The spec leaves the relay's cipher unshown; this uses X25519 + HKDF-SHA256 +
// AES-256-GCM, laid out as ephemeral public key | IV | ciphertext | tag, in standard base64.
import { createCipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import type { PushRegistration, PushTokenKind } from '../../shared/api/records';
import { UserFacingError } from './user-facing-error';

export interface DeviceRegistration {
  token_kind: PushTokenKind;
  token: string;
  /** The relay's X25519 public key, standard base64 of its 32 bytes. */
  bouncer_public_key: string;
  ios_app_id?: string;
}

const rawPublicKey = (key: KeyObject): Buffer => Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url');

function relayKey(bouncer_public_key: string): KeyObject {
  const raw = Buffer.from(bouncer_public_key, 'base64');
  if (raw.length !== 32 || raw.toString('base64') !== bouncer_public_key) {
    throw new UserFacingError('INVALID_ARGUMENT', "The push relay's public key must be 32 bytes of X25519 key in standard base64.");
  }
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/**
 * The device's own private key is not kept yet: decrypting pushes needs it stored in the
 * keychain per push_account_id, which the credentials module does not offer so far.
 */
export function buildPushRegistration(device: DeviceRegistration, nowSeconds: number): PushRegistration {
  const relay = relayKey(device.bouncer_public_key);
  const own = generateKeyPairSync('x25519');
  const ephemeral = generateKeyPairSync('x25519');
  const secret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: relay });
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'push registration', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ token: device.token, token_kind: device.token_kind, timestamp: nowSeconds, ...(device.ios_app_id !== undefined && { ios_app_id: device.ios_app_id }) });
  const sealed = Buffer.concat([rawPublicKey(ephemeral.publicKey), iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    token_kind: device.token_kind,
    push_account_id: randomInt(1, 2 ** 31 - 1),
    push_public_key: rawPublicKey(own.publicKey).toString('base64'),
    bouncer_public_key: device.bouncer_public_key,
    encrypted_push_registration: sealed.toString('base64'),
  };
}
