/**
 * Writes scenarios/schema/scenario.schema.json, the published JSON Schema of scenario files (editors use it
 * to complete and check them). `--check` only compares (exit 1 if stale). Run with `npm run scenarios:schema`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { scenarioJsonSchema } from '../src/game/scenario/format.ts';

const FILE = resolve(import.meta.dirname, '../scenarios/schema/scenario.schema.json');
const text = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  if (readFileSync(FILE, 'utf8') !== text) {
    process.stderr.write(
      'scenarios/schema/scenario.schema.json is out of date: run npm run scenarios:schema\n',
    );
    process.exit(1);
  }
} else {
  writeFileSync(FILE, text);
  process.stdout.write(`wrote ${FILE}\n`);
}
