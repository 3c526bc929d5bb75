// A file's name as the app writes it to disk, offers it to the browser's download, or sends it
// with an upload: whatever a sender called it, it names one file in the folder it is saved to.
// The same rule on both sides, so the name a person sees is the name that is written.

/** Windows refuses these names, with any extension (`con.txt` too). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

/**
 * Characters that never belong in a name: control characters (C0, DEL, C1), line and paragraph
 * separators, bidirectional controls (U+202E makes `txt.exe` read as `exe.txt`), zero-width
 * spaces and the byte-order mark, and the characters Windows forbids in names.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/gu;

/**
 * Most file systems take 255 bytes; this leaves room for the " (12)" a free name adds and a
 * temporary suffix while the file is written.
 */
export const MAX_FILE_NAME_BYTES = 200;

/** An extension is kept whole when a long name is shortened, if it is no longer than this. */
const MAX_EXTENSION_LENGTH = 16;

const utf8 = new TextEncoder();

/**
 * `name` made safe to create in a folder: its last path part only, no control or invisible
 * characters, none Windows forbids, no leading dots (a hidden file) or trailing dots and spaces
 * (which Windows drops), not a reserved device name, at most MAX_FILE_NAME_BYTES of UTF-8 with
 * its extension kept; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  let text = name.normalize('NFC');
  text = text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1);
  text = text.replace(UNSAFE, '');
  text = text.replace(/^[\s.]+|[\s.]+$/gu, '');
  if (RESERVED.test(text)) text = `_${text}`;
  text = shortened(text, MAX_FILE_NAME_BYTES);
  return text === '' ? fallback : text;
}

/** `name` cut to `maxBytes` of UTF-8 between characters, the extension kept when it is short. */
function shortened(name: string, maxBytes: number): string {
  if (utf8.encode(name).byteLength <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_LENGTH ? name.slice(dot) : '';
  const stem = name.slice(0, name.length - extension.length);
  let budget = maxBytes - utf8.encode(extension).byteLength;
  let kept = '';
  for (const character of stem) {
    budget -= utf8.encode(character).byteLength;
    if (budget < 0) break;
    kept += character;
  }
  return `${kept.replace(/[\s.]+$/u, '')}${extension}`;
}

/** The `copy`-th free variant of a name: `report.pdf`, `report (1).pdf`, `report (2).pdf`... */
export function numberedFileName(name: string, copy: number): string {
  if (copy === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${copy})${name.slice(dot)}` : `${name} (${copy})`;
}
