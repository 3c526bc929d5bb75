// The import reads what spreadsheets write: BOM, CRLF, quotes, UTF-8, names over several lines,
// and reports each row at the line where it starts.
import { describe, expect, it } from 'vitest';
import { exportJobCsv } from '../../../main/admin/csv-export';
import { CsvFormatError, parseUserCsv } from '../../../main/admin/csv-import';

describe('parseUserCsv', () => {
  it('handles a BOM, CRLF, quoted fields, UTF-8 and multi-line names, with start lines', () => {
    const csv = '\uFEFFEmail,Full_Name,password\r\n"a@x.com","Zoë, ""Z"""\r\n\r\nb@x.com,"Jean\nLuc",s3cret\r\nc@x.com,Ōsaka 大阪,\r\n';
    expect(parseUserCsv(csv)).toEqual([
      { line: 2, email: 'a@x.com', full_name: 'Zoë, "Z"', password: undefined, extra: {} },
      { line: 4, email: 'b@x.com', full_name: 'Jean\nLuc', password: 's3cret', extra: {} },
      { line: 6, email: 'c@x.com', full_name: 'Ōsaka 大阪', password: undefined, extra: {} },
    ]);
  });

  it('trims emails and names but keeps a password exactly as written', () => {
    expect(parseUserCsv('email , full_name,password\n  ada@x.com , Ada Lovelace ,  two spaces  \n')).toEqual([
      { line: 2, email: 'ada@x.com', full_name: 'Ada Lovelace', password: '  two spaces  ', extra: {} },
    ]);
  });

  it('accepts the columns in any order, without password', () => {
    expect(parseUserCsv('full_name,email\nAda,ada@x.com\n')).toEqual([{ line: 2, email: 'ada@x.com', full_name: 'Ada', password: undefined, extra: {} }]);
  });

  it('refuses a file without the email and full_name columns', () => {
    expect(() => parseUserCsv('mail,name\nx,y\n')).toThrow(CsvFormatError);
    expect(() => parseUserCsv('email\n')).toThrow(/full_name/);
  });

  it('refuses malformed CSV with the parser’s reason', () => {
    expect(() => parseUserCsv('email,full_name\n"a@x.com,unterminated\n')).toThrow(CsvFormatError);
  });

  it('reads back the names its own export quoted as text, and no other quote', () => {
    const exported = exportJobCsv('create_users', [
      { item_index: 0, state: 'failed', payload: { line: 2, email: 'a@x.com', full_name: '=HYPERLINK("https://evil.example","Click")', generated: true }, secret: null, result: null, error_code: 'BAD_REQUEST', error_msg: 'refused' },
      { item_index: 1, state: 'failed', payload: { line: 3, email: 'b@x.com', full_name: "'t Hooft", generated: true }, secret: null, result: null, error_code: 'BAD_REQUEST', error_msg: 'refused' },
    ]);
    expect(exported).toContain(`"'=HYPERLINK(`);
    expect(parseUserCsv(exported).map((row) => row.full_name)).toEqual(['=HYPERLINK("https://evil.example","Click")', "'t Hooft"]);
  });
});
