// Whether a message is read for the one who sent it is the client's to say (`read_by_sender`):
// unsaid, the family's servers decide by the client's name and mark it read only for their own
// apps', so a message written here stayed unread for its own author (seen against the real server).
import { OPERATIONS } from '../../shared/api/operation-table';

/** `read_by_sender` as a server at this level takes it: nothing where the parameter is newer than the server. */
export function readBySender(operation: 'sendMessage' | 'createScheduledMessage', read: boolean, featureLevel: number | undefined): { read_by_sender?: boolean } {
  const since = OPERATIONS[operation].params?.read_by_sender?.since;
  return featureLevel !== undefined && since !== undefined && featureLevel < since ? {} : { read_by_sender: read };
}
