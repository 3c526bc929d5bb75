// Files staged for upload in an account's directory: bounded per file and in total, taken only
// in order, named safely, durable once finished, gone once discarded, and a staging that a
// restart interrupted does not survive it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaType, StagingArea } from '../../../main/files/staging-area';
import { STAGE_CHUNK_BYTES } from '../../../shared/ipc';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staging-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MiB = 1024 * 1024;
const limits = { maxFileBytes: 4 * MiB, maxTotalBytes: 6 * MiB };

async function stage(area: StagingArea, name: string, bytes: Buffer, type = 'image/png') {
  const { staged_id, chunk_bytes } = await area.begin({ name, size: bytes.length, type });
  for (let offset = 0; offset < bytes.length; offset += chunk_bytes) await area.chunk(staged_id, offset, bytes.subarray(offset, offset + chunk_bytes));
  return area.finish(staged_id);
}

describe('staging a file', () => {
  it('keeps its bytes under a safe name until it is discarded', async () => {
    const area = new StagingArea(dir, limits);
    const bytes = randomBytes(STAGE_CHUNK_BYTES * 2 + 5);
    const staged = await stage(area, '../../.ssh/authorized_keys\u202Egnp.exe', bytes, 'Image/PNG');
    expect(staged).toEqual({ staged_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'authorized_keysgnp.exe', type: 'image/png', size: bytes.length });
    const kept = area.staged(staged.staged_id)!;
    expect(kept.path.startsWith(join(dir, staged.staged_id))).toBe(true);
    expect(readFileSync(kept.path).equals(bytes)).toBe(true);
    await area.discard(staged.staged_id);
    expect(readdirSync(dir)).toEqual([]);
    expect(area.staged(staged.staged_id)).toBeUndefined();
  });

  it('refuses a file over the per-file limit, and one that does not fit beside those waiting', async () => {
    const area = new StagingArea(dir, limits);
    await expect(area.begin({ name: 'huge.mov', size: 4 * MiB + 1, type: 'video/quicktime' })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    const first = await stage(area, 'a.bin', Buffer.alloc(3 * MiB));
    await stage(area, 'b.bin', Buffer.alloc(2 * MiB));
    await expect(area.begin({ name: 'c.bin', size: 2 * MiB, type: '' })).rejects.toMatchObject({
      code: 'STAGING_FULL',
      message: '“c.bin” does not fit: files waiting to be sent take 5.0 MiB of the 6.0 MiB the app keeps. Send or remove some first.',
    });
    // A file being staged counts too, and a discarded one no more.
    await area.discard(first.staged_id);
    await area.begin({ name: 'c.bin', size: 2 * MiB, type: '' });
    await expect(area.begin({ name: 'd.bin', size: 2 * MiB + 1, type: '' })).rejects.toMatchObject({ code: 'STAGING_FULL' });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('takes chunks only in order, none larger than a chunk, none past the size announced', async () => {
    const area = new StagingArea(dir, limits);
    const { staged_id } = await area.begin({ name: 'x.bin', size: STAGE_CHUNK_BYTES + 10, type: '' });
    await expect(area.chunk(staged_id, 5, Buffer.alloc(10))).rejects.toMatchObject({ code: 'OUT_OF_ORDER' });
    await expect(area.chunk(staged_id, 0, Buffer.alloc(STAGE_CHUNK_BYTES + 1))).rejects.toMatchObject({ code: 'BAD_CHUNK' });
    await area.chunk(staged_id, 0, Buffer.alloc(STAGE_CHUNK_BYTES));
    // The same chunk twice: refused, not written twice.
    await expect(area.chunk(staged_id, 0, Buffer.alloc(STAGE_CHUNK_BYTES))).rejects.toMatchObject({ code: 'OUT_OF_ORDER' });
    await expect(area.chunk(staged_id, STAGE_CHUNK_BYTES, Buffer.alloc(11))).rejects.toMatchObject({ code: 'BAD_CHUNK' });
    await expect(area.finish(staged_id)).rejects.toMatchObject({ code: 'INCOMPLETE' });
    await area.chunk(staged_id, STAGE_CHUNK_BYTES, Buffer.alloc(10));
    await expect(area.finish(staged_id)).resolves.toMatchObject({ size: STAGE_CHUNK_BYTES + 10 });
    await expect(area.chunk(staged_id, STAGE_CHUNK_BYTES + 10, Buffer.alloc(1))).rejects.toMatchObject({ code: 'NOT_STAGING' });
  });

  it('keeps finished files and their upload answers across a restart, and drops the stagings it cut short', async () => {
    const area = new StagingArea(dir, limits);
    const done = await stage(area, 'done.txt', Buffer.from('done'), 'text/plain');
    area.recordUpload(done.staged_id, { url: '/user_uploads/2/ab/x/done.txt', filename: 'done.txt' });
    const cut = await area.begin({ name: 'cut.bin', size: 2 * MiB, type: '' });
    await area.chunk(cut.staged_id, 0, Buffer.alloc(STAGE_CHUNK_BYTES));

    const reopened = new StagingArea(dir, limits);
    expect(reopened.staged(done.staged_id)).toMatchObject({ name: 'done.txt', size: 4, uploaded: { url: '/user_uploads/2/ab/x/done.txt', filename: 'done.txt' } });
    expect(existsSync(join(dir, cut.staged_id))).toBe(false);
    expect(reopened.staged(cut.staged_id)).toBeUndefined();
    // What the cut staging reserved is free again: 4 bytes are waiting, of the 6 MiB.
    await reopened.begin({ name: 'next.bin', size: 4 * MiB, type: '' });
    await reopened.begin({ name: 'last.bin', size: 2 * MiB - 4, type: '' });
    await expect(reopened.begin({ name: 'one.bin', size: 1, type: '' })).rejects.toMatchObject({ code: 'STAGING_FULL' });
  });

  it('closes by dropping the files still arriving, keeping the finished ones', async () => {
    const area = new StagingArea(dir, limits);
    const done = await stage(area, 'done.txt', Buffer.from('done'));
    const arriving = await area.begin({ name: 'half.bin', size: 10, type: '' });
    await area.close();
    expect(readdirSync(dir)).toEqual([done.staged_id]);
    await expect(area.chunk(arriving.staged_id, 0, Buffer.alloc(10))).rejects.toMatchObject({ code: 'NOT_STAGING' });
  });
});

describe('the media type a browser reports', () => {
  it.each([
    ['image/png', 'image/png'],
    ['TEXT/Plain', 'text/plain'],
    ['', 'application/octet-stream'],
    ['text/html; charset=utf-8', 'application/octet-stream'],
    ['image/png\r\nX-Injected: 1', 'application/octet-stream'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('%j is sent as %j', (reported, sent) => {
    expect(mediaType(reported)).toBe(sent);
  });
});
