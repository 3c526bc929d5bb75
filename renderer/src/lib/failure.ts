/** What the user reads of a failure: its message (the server's own where it gave one). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
