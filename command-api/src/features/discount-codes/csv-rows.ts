import { codeProblem, foldCode, ValidationError } from '@dm/events';
import { maxImportRows, unneutralised, type RejectedRow } from '@dm/events/http';
import { CsvError, parse, type Info } from 'csv-parse/sync';

/** A row of an imported file that may be added: its line in the file, the code, the influencer. */
export interface ImportRow {
  readonly row: number;
  readonly code: string;
  readonly influencerName: string | null;
}

export interface ImportRows {
  readonly rows: ImportRow[];
  readonly rejected: RejectedRow[];
  /** Rows read, the header left out. */
  readonly rowsRead: number;
}

const maxInfluencerLength = 255;

/**
 * A file without a quote is plain rows of plain cells (RFC 4180): split it directly, several times faster than
 * the full parser on 100,000 rows. Anything quoted goes through `csv-parse`.
 */
const splitPlain = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((line, i) => ({ cells: line.split(','), row: i + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));

const parseRecords = (csv: string) => {
  if (!csv.includes('"')) return splitPlain(csv);
  try {
    // With `info`, each record comes with where it ends in the file (the types do not say so).
    const records = parse(csv, {
      info: true,
      bom: true,
      // Files pass through several editors: any line ending, even mixed, ends a row.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: Info }[];
    return records.map(({ record, info }) => ({ cells: record, row: info.lines }));
  } catch (error) {
    if (error instanceof CsvError) throw new ValidationError(`The file is not valid CSV: ${error.message}.`);
    throw error;
  }
};

/**
 * The import's file, row by row (docs/decisions/1140-codes-import-export-generate.md): columns code, influencer
 * (more columns are ignored); a first row whose first cell reads `code` is the header. Each row is checked as an
 * added code is; a bad row, or one repeating an earlier code of the file, is rejected with its reason.
 */
export const importRows = (csv: string): ImportRows => {
  const records = parseRecords(csv);
  const first = records[0]?.cells[0]?.trim().toLowerCase();
  const body = first === 'code' ? records.slice(1) : records;
  if (body.length > maxImportRows) {
    throw new ValidationError(
      `The file has ${body.length.toLocaleString('en')} rows; import at most ${maxImportRows.toLocaleString('en')} at once.`,
    );
  }
  const rows: ImportRow[] = [];
  const rejected: RejectedRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { cells, row } of body) {
    const code = unneutralised(cells[0]?.trim() ?? '');
    const influencerName = unneutralised(cells[1]?.trim() ?? '') || null;
    // Added codes are split on commas, so no code holds one: an import keeps the same rule.
    const problem = codeProblem(code) ?? (code.includes(',') ? 'holds a comma' : null);
    const earlier = firstRowOf.get(foldCode(code));
    if (problem) rejected.push({ row, code, reason: `The code ${problem}` });
    else if (influencerName && influencerName.length > maxInfluencerLength)
      rejected.push({ row, code, reason: `The influencer name is longer than ${maxInfluencerLength} characters` });
    else if (earlier !== undefined) rejected.push({ row, code, reason: `The same code as row ${earlier}` });
    else {
      firstRowOf.set(foldCode(code), row);
      rows.push({ row, code, influencerName });
    }
  }
  return { rows, rejected, rowsRead: body.length };
};
