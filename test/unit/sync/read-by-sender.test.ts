// read_by_sender goes to servers that take it (level 236 on), and not to older ones, which the
// client would otherwise refuse to call at all.
import { describe, expect, it } from 'vitest';
import { readBySender } from '../../../main/sync/read-by-sender';

describe('readBySender', () => {
  it('says it to a server at or past the parameter’s level, or of a level not known yet', () => {
    expect(readBySender('sendMessage', true, 236)).toEqual({ read_by_sender: true });
    expect(readBySender('createScheduledMessage', false, 372)).toEqual({ read_by_sender: false });
    expect(readBySender('sendMessage', true, undefined)).toEqual({ read_by_sender: true });
  });

  it('leaves it out for an older server', () => {
    expect(readBySender('sendMessage', true, 235)).toEqual({});
    expect(readBySender('createScheduledMessage', true, 179)).toEqual({});
  });
});
