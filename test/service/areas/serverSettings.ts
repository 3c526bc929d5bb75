// GET /server_settings: what a client shows before login. Needs no authentication.
import type { Sim } from '../context';
import { SERVICE_VERSION } from '../context';
import { versionFields } from '../dialect';
import type { Route } from '../http/router';

export function realmIconUrl(sim: Sim): string {
  return `${sim.url}/static/images/realm-icon.png`;
}

export const serverSettingsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/server_settings',
    params: [],
    auth: 'none',
    handle({ sim }) {
      const realm = sim.realm();
      return {
        authentication_methods: {
          password: true,
          dev: false,
          email: true,
          ldap: false,
          remoteuser: false,
          github: false,
          azuread: false,
          gitlab: false,
          apple: false,
          google: false,
          saml: false,
          'openid connect': false,
        },
        external_authentication_methods: [],
        ...versionFields(sim.config.dialect, sim.faults.featureLevel, SERVICE_VERSION),
        push_notifications_enabled: sim.config.pushConfigured,
        is_incompatible: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        realm_url: sim.url,
        realm_uri: sim.url,
        realm_name: realm.name,
        realm_icon: realmIconUrl(sim),
        realm_description: realm.description,
        realm_web_public_access_enabled: false,
      };
    },
  },
];
