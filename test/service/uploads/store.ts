// Uploaded files: stored in the simulator's database under the path real servers give them,
// /user_uploads/<realm>/<2 hex>/<24 random>/<file name>, and looked up by that path.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/schema';
import { UPLOAD_PREFIX } from '../render';
import { imageDimensions } from './png';

/** The realm ID in upload paths; the simulator serves one organization. */
const REALM_ID = 1;
const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export interface UploadRow {
  id: number;
  path: string;
  owner_id: number;
  filename: string;
  content_type: string;
  size: number;
  dimensions: string | null;
  data: Buffer;
  date_created: number;
}

/** The name in the path: accents dropped, only letters, digits, dots, dashes and underscores, spaces as dashes. */
export function sanitizeFilename(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s.-]/g, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'uploaded-file' : cleaned;
}

function randomSegment(length: number): string {
  return [...randomBytes(length)].map((byte) => RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length]).join('');
}

export function storeUpload(db: Db, owner: number, filename: string, contentType: string, data: Buffer, now: number): UploadRow {
  const path = `${UPLOAD_PREFIX}${REALM_ID}/${randomBytes(1).toString('hex')}/${randomSegment(24)}/${sanitizeFilename(filename)}`;
  const type = contentType === '' ? 'application/octet-stream' : contentType;
  const dimensions = type.startsWith('image/') ? imageDimensions(data) : null;
  const { lastInsertRowid } = db
    .prepare('INSERT INTO uploads (path, owner_id, filename, content_type, size, dimensions, data, date_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(path, owner, filename, type, data.length, dimensions, data, now);
  return { id: Number(lastInsertRowid), path, owner_id: owner, filename, content_type: type, size: data.length, dimensions, data, date_created: now };
}

export function findUpload(db: Db, path: string): UploadRow | undefined {
  return db.prepare('SELECT * FROM uploads WHERE path = ?').get(path) as UploadRow | undefined;
}
