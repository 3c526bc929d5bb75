// The app's own data on this computer, as the window hears of it: a disk that refused a write
// (full, read-only, damaged), an account whose mirror cannot be opened and the ways out, and
// what signing out would delete.

/** What the disk refused: no room left; no writing allowed; a file that is not what it should be; or not there at all. */
export type DiskProblem = 'full' | 'read_only' | 'damaged' | 'unavailable';

/** An account whose mirror could not be opened: the window offers retry, set aside and resync, or sign out. */
export interface MirrorProblem {
  account_id: string;
  /** The file, or the folder, that refused. */
  path: string;
  /** The disk's refusal, or `unusable`: the file opened but this version cannot use it (a newer version wrote it). */
  problem: DiskProblem | 'unusable';
  /** The problem in words, naming the path. */
  message: string;
  /** Whether setting the file aside can work: its folder takes writes. */
  can_set_aside: boolean;
}

/** The data folder refuses writes: where, and why in words. */
export interface DataFolderProblem {
  path: string;
  message: string;
}

/** What setting a mirror aside did: where the old file now is, and what was carried into the new one (null: the old file could not be read). */
export interface SetAside {
  aside_path: string;
  carried: { messages: number; drafts: number } | null;
}

/** One thing waiting, named briefly: its conversation (or file name) and the start of its text. */
export interface PendingItem {
  title: string;
  preview: string;
}

/** What signing out of an account would delete that is not on the server. */
export interface PendingWork {
  /** Messages not sent yet (waiting, or refused and kept to edit). */
  messages: PendingItem[];
  drafts: PendingItem[];
  /** Files staged for sending. */
  uploads: PendingItem[];
  /** Other actions waiting for the connection (reactions, flags, scheduled messages...). */
  actions: number;
  /** Why what is waiting could not be read (a damaged mirror); null when it was. */
  unreadable: string | null;
}
