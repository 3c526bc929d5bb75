// Registering a device for end-to-end encrypted push notifications.
import { badRequest, ApiError } from '../http/errors';
import type { Route } from '../http/router';

const TOKEN_KINDS = ['fcm', 'apns'];
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const pushRoutes: Route[] = [
  {
    method: 'POST',
    path: '/mobile_push/register',
    params: ['token_kind', 'push_account_id', 'push_public_key', 'bouncer_public_key', 'encrypted_push_registration'],
    handle({ sim, user, params }) {
      const tokenKind = params.requiredString('token_kind');
      const pushAccountId = params.requiredInt('push_account_id');
      const pushPublicKey = params.requiredString('push_public_key');
      const bouncerPublicKey = params.requiredString('bouncer_public_key');
      const registration = params.requiredString('encrypted_push_registration');
      if (!TOKEN_KINDS.includes(tokenKind)) throw badRequest(`Invalid token_kind: ${tokenKind}`);
      if (!sim.config.pushConfigured) {
        throw new ApiError(400, 'PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
      }
      if (pushPublicKey === '' || !BASE64.test(pushPublicKey)) throw badRequest('Invalid push_public_key');
      if (bouncerPublicKey === '') throw badRequest('Invalid bouncer_public_key');
      if (registration === '' || !BASE64.test(registration)) throw badRequest('Invalid encrypted_push_registration');
      sim.db
        .prepare(
          `INSERT OR REPLACE INTO push_devices (user_id, push_account_id, token_kind, push_public_key, bouncer_public_key, encrypted_push_registration)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(user.user_id, pushAccountId, tokenKind, pushPublicKey, bouncerPublicKey, registration);
      return {};
    },
  },
];
