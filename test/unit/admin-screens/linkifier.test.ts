// The linkifier editor's live preview: Python named groups, RFC 6570 templates.
import { describe, expect, it } from 'vitest';
import { previewLinkifier, toJsPattern } from '../../../renderer/src/screens/admin/linkifier';

describe('the linkifier preview', () => {
  it('reads Python-style named groups and back-references as JavaScript does', () => {
    expect(toJsPattern('#(?P<id>[0-9]+)')).toBe('#(?<id>[0-9]+)');
    expect(toJsPattern('(?P<q>["\'])x(?P=q)')).toBe('(?<q>["\'])x\\k<q>');
  });

  it('fills each match\'s named groups into the template', () => {
    expect(previewLinkifier('#(?P<id>[0-9]+)', 'https://tracker.example/issues/{id}', 'Fixed #12 and #345.')).toEqual({
      ok: true,
      links: [
        { text: '#12', url: 'https://tracker.example/issues/12' },
        { text: '#345', url: 'https://tracker.example/issues/345' },
      ],
    });
  });

  it('percent-encodes {name} and keeps reserved characters for {+name}', () => {
    const pattern = 'doc:(?P<path>\\S+)';
    expect(previewLinkifier(pattern, 'https://docs.example/?q={path}', 'doc:a/b c')).toMatchObject({ links: [{ url: 'https://docs.example/?q=a%2Fb' }] });
    expect(previewLinkifier(pattern, 'https://docs.example/{+path}', 'doc:a/b')).toMatchObject({ links: [{ url: 'https://docs.example/a/b' }] });
  });

  it('says why a linkifier cannot be used as written', () => {
    // The pattern quoted is the one typed, not the JavaScript form the preview converts it to.
    expect(previewLinkifier('#(?P<id>[0-9]+', 'https://x.example/{id}', '')).toEqual({
      ok: false,
      problem: 'The pattern #(?P<id>[0-9]+ is not a valid regular expression: Unterminated group.',
    });
    expect(previewLinkifier('#(?P<id>[0-9]+)', 'https://x.example/{key}', '')).toEqual({ ok: false, problem: 'The URL template uses {key}, which the pattern does not name.' });
    expect(previewLinkifier('#(?P<id>[0-9]+)', 'tracker/{id}', '')).toMatchObject({ ok: false });
  });
});
