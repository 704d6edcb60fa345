// `pnpm bench codes` (issue 12): the push of 10,000 codes to 5 stores against the rate-limit floor and the
// availability check with warm caches (src/codes-push.ts); a 100,000-row CSV import against the raw ledger insert
// rate, that discount's codes page and adding one code to it (src/codes-reads.ts). BENCH_CODES=push|import runs one.
import { importThroughCsvImport } from '../src/codes-import';
import { benchCodesPush } from '../src/codes-push';
import { benchCodesImportAndReads } from '../src/codes-reads';
import { reportBench, type Figure } from '../src/index';

const only = process.env.BENCH_CODES;
const figures: Figure[] = [];
// The push first: run after the import, it shared the process with that part's garbage (a 10 MB file, 100,000 rows)
// and ran 0.3-0.5 s slower than alone; the import has a wide margin either way.
if (only !== 'import') figures.push(...(await benchCodesPush()));
if (only !== 'push') figures.unshift(...(await benchCodesImportAndReads(importThroughCsvImport)));
reportBench(only ? `codes-${only}` : 'codes', figures);
