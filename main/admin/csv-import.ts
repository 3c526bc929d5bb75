// Reading the user-import CSV with csv-parse: a header row naming email, full_name and optionally
// password; quoted fields, UTF-8, CRLF and a byte-order mark are the library's business. Each row
// keeps the line it starts on, so every problem can be reported where the user will look.
import { parse } from 'csv-parse/sync';
import { z } from 'zod';

export interface CsvUserRow {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  email: string;
  full_name: string;
  /** Absent or empty: the app generates one. */
  password: string | undefined;
  /** Every other column, by its lowercased header (custom profile fields among them), non-empty values only. */
  extra: Record<string, string>;
}

/** A file the app cannot read as a user list at all. */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

const REQUIRED_COLUMNS = ['email', 'full_name'] as const;
const IMPORT_COLUMNS = new Set(['email', 'full_name', 'password']);

/** The quote the app's own exports put before a cell that would read as a formula (csv-export.ts). */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;
const unescapeFormula = (value: string) => value.replace(ESCAPED_FORMULA, '');

/** What csv-parse gives with `info` and `raw` on: each record with its text and where it ends. */
const parsedRecords = z.array(z.object({ record: z.record(z.string(), z.string()), raw: z.string(), info: z.object({ lines: z.number() }) }));

export function parseUserCsv(text: string): CsvUserRow[] {
  let records: z.infer<typeof parsedRecords>;
  try {
    const parsed = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
    records = parsedRecords.parse(parsed);
  } catch (error) {
    throw new CsvFormatError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const columns = records.length > 0 ? Object.keys(records[0]!.record) : headerOf(text);
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new CsvFormatError(`The header row must name the columns email and full_name (missing: ${missing.join(', ')}).`);
  return records.map(({ record, raw, info }) => {
    // info.lines is where the record ends; a quoted name may span several lines.
    const spanned = raw.replace(/\r?\n$/, '').split('\n').length - 1;
    // Emails and names are trimmed; a password is kept exactly as written.
    const password = record.password;
    const extra = Object.fromEntries(
      Object.entries(record).filter(([name, value]) => !IMPORT_COLUMNS.has(name) && value.trim() !== '').map(([name, value]) => [name, unescapeFormula(value.trim())]),
    );
    return {
      extra,
      line: info.lines - spanned,
      email: unescapeFormula((record.email ?? '').trim()),
      full_name: unescapeFormula((record.full_name ?? '').trim()),
      password: password === undefined || password === '' ? undefined : password,
    };
  });
}

function headerOf(text: string): string[] {
  const rows = parse(text, { bom: true, to_line: 1, relax_column_count: true });
  return (rows[0] ?? []).map((name) => name.trim().toLowerCase());
}
