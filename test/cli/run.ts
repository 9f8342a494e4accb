import { type CliEnv, runCli } from '../../src/cli/program.ts';
import type { CliOutcome } from '../../src/cli/resolve.ts';

/** How a test runs the CLI in-process: stdin text, files by name, and the seed the shell would pick. */
export interface FakeWorld {
  readonly stdin?: string;
  readonly files?: Readonly<Record<string, string>>;
  readonly randomSeed?: number;
}

/** Runs `muster <argv>` against a fake world; throws if the CLI asks for a random seed the test did not give. */
export function muster(argv: readonly string[], world: FakeWorld = {}): Promise<CliOutcome> {
  const env: CliEnv = {
    readInput: async (file) => {
      if (file === undefined || file === '-') return world.stdin ?? '';
      const text = world.files?.[file];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
      return text;
    },
    randomSeed: () => {
      if (world.randomSeed === undefined) throw new Error('the test gave no random seed');
      return world.randomSeed;
    },
    version: '0.0.0-test',
  };
  return runCli(argv, env);
}
