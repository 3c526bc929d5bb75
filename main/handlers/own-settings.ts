// The user's own status, display settings and alert words: on the server (waiting in the outbox
// offline), then in the mirror at once (the status beside their name everywhere, the time format in
// every time shown, the alert words in Settings), before the server's event confirms it. A refusal
// leaves them as they were. Muting someone needs the connection, then shows at once too.
import type { UpdateOwnStatusParams } from '../../shared/api/operations';
import type { Deferred } from '../../shared/outbox-records';
import { withAlertWords, withoutAlertWords } from '../../shared/alert-words';
import { alertWordsOf, setAlertWords, setMuted, setUserSettings } from '../store/realm';
import { setUserStatus } from '../store/users';
import type { CoreContext } from './context';
import type { AreaHandlers } from './dispatch';

export function ownSettingsHandlers(context: CoreContext): AreaHandlers<'me.setStatus' | 'me.setTimeFormat' | 'me.addAlertWord' | 'me.removeAlertWord' | 'me.setMuted'> {
  return {
    'me.setStatus': async ({ status_text, emoji }) => {
      const session = context.activeSession();
      // An emoji name of '' is how the server takes an emoji away.
      const payload: UpdateOwnStatusParams = { status_text, ...(emoji ?? { emoji_name: '' }) };
      const deferred = await session.deferrable.call({ kind: 'updateOwnStatus', record: { table: 'user_status' }, payload });
      session.write((db, changes) => setUserStatus(db, session.account.user_id, payload, changes));
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'me.setTimeFormat': async ({ twenty_four_hour_time }) => {
      const session = context.activeSession();
      const deferred = await session.deferrable.call({ kind: 'updateSettings', record: { table: 'user_settings', setting: 'twenty_four_hour_time' }, payload: { twenty_four_hour_time } });
      session.write((db, changes) => setUserSettings(db, { twenty_four_hour_time }, changes));
      return deferred.pending ? deferred : { pending: false, value: null };
    },
    'me.addAlertWord': ({ word }) => changeAlertWords(context, 'addAlertWords', word),
    'me.removeAlertWord': ({ word }) => changeAlertWords(context, 'removeAlertWords', word),
    'me.setMuted': async ({ user_id, muted }) => {
      const session = context.activeSession();
      session.requireOnline(muted ? 'Muting someone' : 'Unmuting someone');
      await session.client.call(muted ? 'muteUser' : 'unmuteUser', { muted_user_id: user_id });
      session.write((db, changes) => setMuted(db, user_id, muted, Date.now(), changes));
      return null;
    },
  };
}

/** The server answers the whole list; offline, the mirror holds what it will make of the change. */
async function changeAlertWords(context: CoreContext, kind: 'addAlertWords' | 'removeAlertWords', word: string): Promise<Deferred<null>> {
  const session = context.activeSession();
  const deferred = await session.deferrable.call({ kind, record: { table: 'alert_words' }, payload: { alert_words: [word] } });
  const offline = kind === 'addAlertWords' ? withAlertWords : withoutAlertWords;
  session.write((db, changes) => setAlertWords(db, deferred.pending ? offline(alertWordsOf(db), [word]) : deferred.value.alert_words, changes));
  return deferred.pending ? deferred : { pending: false, value: null };
}
