/** The CSV: 28,056 users, 1.1 MB, more than one IPC frame holds. */
export function largeImportCsv(): string {
  const rows = Array.from({ length: 28_056 }, (_, i) => `user${i}@example.com,Person number ${i}`);
  return `email,full_name\n${rows.join('\n')}\n`;
}
