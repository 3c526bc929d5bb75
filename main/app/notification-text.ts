// What a notification may say, whoever wrote the names and text in it. The OS shows it outside the
// window, where the app's rendering rules do not reach: bidirectional controls would reorder what a
// person reads (U+202E turns "gpj.exe" into "exe.jpg"), and Linux notification servers read the
// body as markup (links, images, bold) unless it is escaped.

/** Bidirectional embeddings, overrides, isolates and marks, and every other control character. */
const UNSHOWN = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** One line of plain text: controls removed, white space collapsed. */
export function notificationText(text: string): string {
  return text
    .replace(/[\t\n\r]/g, ' ')
    .replace(UNSHOWN, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A body for a notification server that reads markup (the freedesktop specification's body-markup,
 * which Electron's Linux notifications use): the text shows as written, nothing in it is a tag.
 */
export function escapeNotificationMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => MARKUP[character]!);
}
