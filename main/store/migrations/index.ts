// The mirror's migrations in order of their version, one file each (the runner goes by version).
import { migration001 } from './001-first-schema';
import { migration002 } from './002-invite-links';
import { migration003 } from './003-bulk-job-secrets';
import { migration004 } from './004-unread-messages';
import { migration005 } from './005-message-search';
import { migration006 } from './006-drafts-and-send-queue';
import { migration007 } from './007-unread-conversations';
import { migration008 } from './008-search-index-in-writers';
import { migration009 } from './009-sent-messages-await-their-event';
import { migration010 } from './010-channel-feed';
import { migration011 } from './011-search-any-script-and-operators';
import { migration012 } from './012-presence';
import { migration013 } from './013-outbox-files-and-used-local-ids';
import { migration014 } from './014-topic-history';
import { migration015 } from './015-drafts-kept-by-the-server';
import type { Migration } from './migration';

export const migrations: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015];
