// Where a message's links go: read against the organization's address, never the app's page
// (whose URL carries browser mode's token), and into the app for the organization's own places.
import { describe, expect, it } from 'vitest';
import { linkTarget, organizationPath, parseNarrow } from '../../../renderer/src/content/links';

const realm = new URL('http://127.0.0.1:9991');

describe('a link of a message', () => {
  it('to a place of the organization opens in the app, however it is written', () => {
    for (const href of ['#narrow/channel/3-Verona/topic/test.20topic', '/#narrow/channel/3-Verona/topic/test.20topic', 'http://127.0.0.1:9991/#narrow/channel/3-Verona/topic/test.20topic']) {
      expect(linkTarget(href, realm)).toEqual({
        kind: 'narrow',
        url: 'http://127.0.0.1:9991/#narrow/channel/3-Verona/topic/test.20topic',
        narrow: { kind: 'channel', stream_id: 3, topic: 'test topic' },
      });
    }
  });

  it('to an uploaded file is the organization’s file, not a path of the app', () => {
    expect(linkTarget('/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png', realm)).toEqual({
      kind: 'upload',
      url: 'http://127.0.0.1:9991/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png',
      path: '/user_uploads/2/56/kzWEyNHR511EPGzeAY1pP4yl/red.png',
    });
  });

  it('elsewhere opens outside, and what runs or deceives is not followed', () => {
    expect(linkTarget('https://github.com', realm)).toEqual({ kind: 'external', url: 'https://github.com/' });
    expect(linkTarget('mailto:a@example.com', realm)).toEqual({ kind: 'external', url: 'mailto:a@example.com' });
    // Another server's narrow is that server's page.
    expect(linkTarget('http://zulip.testserver/#narrow/channel/1-Denmark', realm).kind).toBe('external');
    for (const href of ['javascript:alert(1)', 'tel:+14155551234', '/\\tracker.invalid/away', '//tracker.invalid/x', 'https://trusted.example@evil.example/', null, '']) {
      expect(linkTarget(href, realm), String(href)).toEqual({ kind: 'none' });
    }
  });

  it('relative links have no target while the organization is not known', () => {
    expect(linkTarget('#narrow/channel/3-Verona', null)).toEqual({ kind: 'none' });
    expect(linkTarget('https://github.com', null).kind).toBe('external');
  });
});

describe('the narrow of a link', () => {
  it('reads channels, topics, messages and direct conversations in the family’s encoding', () => {
    expect(parseNarrow('channel/3-Verona/topic/last/near/98')).toEqual({ kind: 'channel', stream_id: 3, topic: 'last', near: 98 });
    expect(parseNarrow('stream/13-social/subject/party.2E2024.20.F0.9F.8E.89/with/103')).toEqual({ kind: 'channel', stream_id: 13, topic: 'party.2024 🎉', near: 103 });
    expect(parseNarrow('channel/3-Verona')).toEqual({ kind: 'channel', stream_id: 3 });
    expect(parseNarrow('dm/10,11-group/near/7')).toEqual({ kind: 'dm', user_ids: [10, 11], near: 7 });
    expect(parseNarrow('is/starred')).toEqual({ kind: 'view', view: 'starred' });
    expect(parseNarrow('is/mentioned')).toEqual({ kind: 'view', view: 'mentions' });
    expect(parseNarrow('in/home')).toEqual({ kind: 'view', view: 'combined' });
    expect(parseNarrow('in/all')).toEqual({ kind: 'other' });
    expect(parseNarrow('search/database')).toEqual({ kind: 'view', view: 'search' });
    expect(parseNarrow('sender/10')).toEqual({ kind: 'other' });
    expect(parseNarrow('-channel/3')).toEqual({ kind: 'other' });
    expect(parseNarrow('channel')).toBeUndefined();
  });
});

describe('an image of a message', () => {
  it('is shown through main only when it is the organization’s', () => {
    expect(organizationPath('/user_uploads/thumbnail/2/56/k/red.png/840x560.webp', realm)).toBe('/user_uploads/thumbnail/2/56/k/red.png/840x560.webp');
    expect(organizationPath('http://127.0.0.1:9991/user_avatars/2/emoji/images/dc294f54.png?v=1', realm)).toBe('/user_avatars/2/emoji/images/dc294f54.png?v=1');
    for (const src of ['https://www.google.com/images/srpr/logo4w.png', '/\\tracker.invalid/x.png', '//tracker.invalid/x.png', 'data:image/png;base64,AAAA']) {
      expect(organizationPath(src, realm), src).toBeNull();
    }
    expect(organizationPath('/user_uploads/x.png', null)).toBeNull();
  });
});
