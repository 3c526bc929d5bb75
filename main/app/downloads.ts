// Saving files others sent (issue 25): fetched by main with the account's key, never opened or
// run, never handed to the system browser. Under Electron the system's "Save as…" dialog picks
// where (it asks before replacing a file); in browser mode the page gets a one-time address of
// browser mode's own server, which streams the file as an attachment the browser downloads.
// Either way the name is made safe first, and the bytes pass through with a cap.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { safeFileName } from '../../shared/file-names';
import type { FileFacts, SaveOutcome } from '../../shared/ipc';
import { saveStream } from '../files/saved-file';
import type { ServedFile } from './core';
import { describeUserUpload, openUserUpload, UploadFetchError, userUploadUrl, type AccountServer, type OpenedUpload } from './user-uploads';

/** The Electron shell's "Save as…": the path the user chose for `suggestedName`, or null when they cancelled. */
export interface SaveDialog {
  chooseSavePath(suggestedName: string): Promise<string | null>;
}

/** The most of one file the app saves: beyond what servers of the family let anyone upload. */
export const DOWNLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** The uploads whose type and size are remembered: a file at an upload's address never changes. */
const FACTS_KEPT = 500;

/** A browser-mode download address works once, and only this soon after it was made. */
export const DOWNLOAD_TICKET_MS = 60_000;

/** What browser mode serves at a download address; none of the server's headers pass. */
const ATTACHMENT_HEADERS = {
  // Never shown, whatever the server said it is (an SVG or HTML file would run in the page's origin).
  'content-type': 'application/octet-stream',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'no-store',
};

export interface DownloadsOptions extends AccountServer {
  /** Electron's dialog; without one (browser mode) saving hands the page a download address. */
  saveDialog: SaveDialog | undefined;
  maxBytes?: number;
  ticketMs?: number;
}

interface Ticket {
  url: URL;
  name: string;
  expires: number;
}

export class Downloads {
  readonly #options: DownloadsOptions;
  readonly #tickets = new Map<string, Ticket>();
  readonly #facts = new Map<string, FileFacts>();

  constructor(options: DownloadsOptions) {
    this.#options = options;
  }

  /** Saves the uploaded file `link` as (a safe form of) `name`. */
  async save(link: string, name: string): Promise<SaveOutcome> {
    const url = userUploadUrl(this.#options.server_url, link);
    if (!url) throw new UploadFetchError('NOT_AN_UPLOAD', 'Only files uploaded to this organization can be saved.');
    const safeName = safeFileName(name.trim() === '' ? decodedLastSegment(url) : name, 'download');
    const dialog = this.#options.saveDialog;
    if (!dialog) return { outcome: 'download', url: this.#ticket(url, safeName), name: safeName };
    const target = await dialog.chooseSavePath(safeName);
    if (target === null) return { outcome: 'cancelled' };
    const file = await openUserUpload(this.#options, url, this.#maxBytes);
    await saveStream(file.body, target).catch((error: unknown) => {
      if (error instanceof UploadFetchError || !(error instanceof Error) || !('code' in error)) throw error;
      throw new UploadFetchError('NOT_SAVED', `“${basename(target)}” could not be saved there (${String(error.code)}).`);
    });
    return { outcome: 'saved', name: basename(target) };
  }

  /** What the server says an uploaded file is (its content type) and how large, without fetching it; asked once per file. */
  async describe(link: string): Promise<FileFacts> {
    const url = userUploadUrl(this.#options.server_url, link);
    if (!url) throw new UploadFetchError('NOT_AN_UPLOAD', 'Only files uploaded to this organization can be described.');
    const known = this.#facts.get(url.pathname);
    if (known) return known;
    const facts = await describeUserUpload(this.#options, url);
    if (this.#facts.size >= FACTS_KEPT) this.#facts.delete(this.#facts.keys().next().value ?? '');
    this.#facts.set(url.pathname, facts);
    return facts;
  }

  /** Browser mode: the file a download address names, as an attachment; the address is then spent. */
  async serve(ticket: string): Promise<ServedFile> {
    const now = Date.now();
    for (const [key, held] of this.#tickets) if (held.expires <= now) this.#tickets.delete(key);
    const held = this.#tickets.get(ticket);
    this.#tickets.delete(ticket);
    if (!held) return { status: 404, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('This download has expired; save the file again.') };
    let file: OpenedUpload;
    try {
      file = await openUserUpload(this.#options, held.url, this.#maxBytes);
    } catch (error) {
      const message = error instanceof UploadFetchError ? error.message : 'The server could not be reached.';
      return { status: 502, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode(message) };
    }
    const headers: Record<string, string> = { ...ATTACHMENT_HEADERS, 'content-disposition': attachment(held.name) };
    if (file.length !== undefined) headers['content-length'] = String(file.length);
    return { status: 200, headers, body: file.body };
  }

  get #maxBytes(): number {
    return this.#options.maxBytes ?? DOWNLOAD_MAX_BYTES;
  }

  /** A one-time address for the page: random, short-lived, carrying neither the key nor the page's token. */
  #ticket(url: URL, name: string): string {
    const ticket = randomBytes(16).toString('hex');
    this.#tickets.set(ticket, { url, name, expires: Date.now() + (this.#options.ticketMs ?? DOWNLOAD_TICKET_MS) });
    return `/download/${ticket}`;
  }
}

function decodedLastSegment(url: URL): string {
  const segment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Content-Disposition for a download named `name` (already safe): an ASCII fallback for old
 * readers, and the name itself in RFC 8187's UTF-8 form, which browsers prefer.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
