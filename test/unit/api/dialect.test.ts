// Real servers of the family send the identifiers the spec renames under their original names
// (zulip_feature_level, zulip_version, zulip_merge_base, zulip_extra_emoji). The client accepts
// both spellings and hands the app the spec's; what it sends goes out as the server spells it.
import { describe, expect, it } from 'vitest';
import { fromServerDialect } from '../../../main/api/dialect';
import { createServiceClient } from '../../../main/api/create-client';
import { checkRegistration } from '../../../shared/api/registration';
import { answerAsCaptured } from '../../support/real-exchanges';
import { fields, json, useCaptureServer } from './capture-server';

const server = useCaptureServer();

const client = () => createServiceClient({ server_url: server.url, credentials: { email: 'hamlet@zulip.com', api_key: 'k' } });

/** `body` as the client hands it on, and the dialect the client learnt from it. */
async function translate(body: unknown): Promise<{ body: Record<string, unknown>; dialect: string | undefined }> {
  server.respond((_req, res) => json(res, 200, body));
  const c = client();
  // Any operation hands its answer on whole; this one needs no params.
  const answer: Record<string, unknown> = await c.call('getServerSettings', {});
  return { body: answer, dialect: c.dialect };
}

describe('answers of a server that speaks the family dialect', () => {
  it('give the server settings in the spec names: the real version and feature level, not blank and 0', async () => {
    server.respond((_req, res) => answerAsCaptured(res, 'server_settings'));
    const c = client();
    const settings = await c.call('getServerSettings', {});
    expect(settings).toMatchObject({ service_version: '11.0-dev+git', service_feature_level: 372, service_merge_base: '' });
    expect(Object.keys(settings).filter((key) => key.startsWith('zulip_'))).toEqual([]);
    expect(c.featureLevel).toBe(372);
    expect(c.dialect).toBe('family');
  });

  it('give a registration in the spec names, and the level its checks use', async () => {
    server.respond((_req, res) => answerAsCaptured(res, 'register_full'));
    const c = client();
    const result = await c.call('registerQueue', {});
    expect(result).toMatchObject({ service_version: '11.0-dev+git', service_feature_level: 372, service_merge_base: '' });
    expect(result).not.toHaveProperty('zulip_feature_level');
    // Identifiers the spec does not rename stay as they are.
    expect(result).toHaveProperty('zulip_plan_is_not_limited', true);
    expect(result).toHaveProperty('realm_zulip_update_announcements_stream_id');
    expect(checkRegistration(result).ok).toBe(true);
    expect(c.featureLevel).toBe(372);
    expect(c.announced.service_feature_level).toBe(372);
  });

  it('rename the special emoji in reactions, statuses and events, wherever they sit', async () => {
    const { body, dialect } = await translate({
      result: 'success',
      messages: [{ id: 1, content: 'hi', reactions: [{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: 10 }] }],
      user_status: { '10': { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' } },
      events: [
        { id: 1, type: 'reaction', op: 'add', message_id: 1, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: 10 },
        { id: 2, type: 'restart', zulip_version: '11.0', zulip_merge_base: '11.0', zulip_feature_level: 373, server_generation: 2 },
      ],
    });
    expect(dialect).toBe('family');
    expect(JSON.stringify(body)).not.toContain('zulip_');
    expect(body).toMatchObject({
      messages: [{ reactions: [{ reaction_type: 'service_extra_emoji', emoji_code: 'zulip' }] }],
      user_status: { '10': { reaction_type: 'service_extra_emoji' } },
      events: [{ reaction_type: 'service_extra_emoji' }, { service_version: '11.0', service_merge_base: '11.0', service_feature_level: 373 }],
    });
  });

  it('never rewrite text that merely contains a family identifier: message content, topics, names', async () => {
    const content = '<p>Set "zulip_feature_level" and zulip_extra_emoji, see <code>{"zulip_version": 1}</code></p>';
    const original = {
      result: 'success',
      zulip_feature_level: 372,
      messages: [
        { id: 1, content, subject: 'zulip_version', sender_full_name: 'zulip_extra_emoji', reactions: [{ emoji_name: 'zulip_extra_emoji', emoji_code: '1f600', reaction_type: 'unicode_emoji', user_id: 1 }] },
      ],
    };
    const { body } = await translate(original);
    expect(body.service_feature_level).toBe(372);
    expect(body.messages).toEqual(original.messages);
  });

  it('leave an answer alone, without walking it, when its text holds no family identifier', () => {
    // The decision is made on the text: an object that (unlike its text) had one is proof of no walk.
    const parsed: Record<string, unknown> = { result: 'success', members: [{ user_id: 1, reaction_type: 'zulip_extra_emoji' }], zulip_version: 'x' };
    const text = JSON.stringify({ result: 'success', members: [{ user_id: 1, full_name: 'zulip_ fan' }] });
    expect(fromServerDialect(text, parsed)).toBeUndefined();
    expect(parsed).toEqual({ result: 'success', members: [{ user_id: 1, reaction_type: 'zulip_extra_emoji' }], zulip_version: 'x' });
  });

  it('keep the spec spelling where a server sends both', async () => {
    const { body } = await translate({ result: 'success', service_feature_level: 400, zulip_feature_level: 372 });
    expect(body).toEqual({ result: 'success', service_feature_level: 400 });
  });
});

describe('answers of a server that speaks the spec', () => {
  it('are handed on as they came, and teach the spec dialect', async () => {
    const settings = { result: 'success', msg: '', service_feature_level: 420, service_version: '12.0', service_merge_base: '12.0', realm_name: 'Demo' };
    server.respond((_req, res) => json(res, 200, settings));
    const c = client();
    expect(await c.call('getServerSettings', {})).toEqual(settings);
    expect(c.dialect).toBe('spec');
  });
});

describe('a reaction with the special emoji', () => {
  const zulipReaction = { message_id: 114, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' } as const;

  it('goes to a family server as zulip_extra_emoji, once its dialect is known', async () => {
    server.respond((req, res) => (req.url.includes('server_settings') ? answerAsCaptured(res, 'server_settings') : json(res, 200, { result: 'success', msg: '' })));
    const c = client();
    await c.call('getServerSettings', {});
    await c.call('addReaction', zulipReaction);
    await c.call('removeReaction', zulipReaction);
    const [, add, remove] = server.requests;
    expect(fields(add?.body ?? '')).toContainEqual(['reaction_type', 'zulip_extra_emoji']);
    expect(remove?.method).toBe('DELETE');
    expect(fields(remove?.body ?? '')).toContainEqual(['reaction_type', 'zulip_extra_emoji']);
  });

  it('goes to a spec server as service_extra_emoji', async () => {
    server.respond((req, res) =>
      json(res, 200, req.url.includes('server_settings') ? { result: 'success', msg: '', service_feature_level: 420 } : { result: 'success', msg: '' }),
    );
    const c = client();
    await c.call('addReaction', zulipReaction);
    expect(fields(server.requests.at(-1)?.body ?? '')).toContainEqual(['reaction_type', 'service_extra_emoji']);
  });

  it('sent before any answer of the session (queued offline) asks the server settings first, then speaks its dialect', async () => {
    server.respond((req, res) => (req.url.includes('server_settings') ? answerAsCaptured(res, 'server_settings') : json(res, 200, { result: 'success', msg: '' })));
    const c = client();
    await c.call('addReaction', zulipReaction);
    expect(server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual(['GET /api/v1/server_settings', 'POST /api/v1/messages/114/reactions']);
    expect(fields(server.requests[1]?.body ?? '')).toContainEqual(['reaction_type', 'zulip_extra_emoji']);
    // Once known, no second look.
    await c.call('addReaction', zulipReaction);
    expect(server.requests).toHaveLength(3);
  });

  it('other reactions need no dialect and cost no extra request', async () => {
    const c = client();
    await c.call('addReaction', { message_id: 114, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    expect(server.requests).toHaveLength(1);
    expect(fields(server.requests[0]?.body ?? '')).toContainEqual(['reaction_type', 'unicode_emoji']);
  });

  it('goes out in the dialect another client of the session heard (the snapshot worker)', async () => {
    const c = client();
    c.heardDialect('family');
    await c.call('addReaction', zulipReaction);
    expect(server.requests).toHaveLength(1);
    expect(fields(server.requests[0]?.body ?? '')).toContainEqual(['reaction_type', 'zulip_extra_emoji']);
  });
});
