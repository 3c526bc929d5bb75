// The few files a real server serves outside /api/v1 that clients show: the realm icon (public)
// and uploaded avatars (only with credentials, so a client must fetch them with its key).
import { deflateSync, crc32 } from 'node:zlib';
import type Database from 'better-sqlite3';
import { authenticate } from './auth';

export interface ServedFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** A solid-colour square PNG, made here so the simulator ships no binary files. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const REALM_ICON = png(64, [36, 99, 209]);
const image = (body: Buffer): ServedFile => ({ status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=60' }, body });

/** The file at `pathname`, or null when the path is not one of these. */
export function serveFile(db: Database.Database, realmHost: string, pathname: string, authorization: string | undefined): ServedFile | null {
  if (pathname === '/static/images/realm-icon.png') return image(REALM_ICON);
  const avatar = /^\/user_avatars\/(\d+)\.png$/.exec(pathname);
  if (!avatar) return null;
  // Throws the same 401 as the API for missing or wrong credentials.
  authenticate(db, realmHost, authorization);
  const user = db.prepare("SELECT user_id FROM users WHERE user_id = ? AND avatar_source = 'U'").get(Number(avatar[1]));
  if (!user) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
  const hue = (Number(avatar[1]) * 67) % 200;
  return image(png(48, [55 + hue, 120, 255 - hue]));
}
