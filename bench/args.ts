import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * A bench's command line, read with `parseArgs` (strict: an option it does not know is an error).
 * `--help` (or `-h`) prints `usage` and exits; an unknown option, a missing value or a positional
 * argument the bench does not take prints what was wrong and the usage, and exits with status 2, never
 * a stack trace.
 */
export function benchArgs<const T extends ParseArgsConfig>(
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage.trim()}\n`);
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (error) {
    if (
      !(error instanceof TypeError) ||
      !String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
    )
      throw error;
    refuse(error.message, usage);
  }
}

/**
 * The whole number an option gives (`fallback` when it is absent), at least `least`; anything else is
 * refused with what was expected.
 */
export function wholeNumber(
  value: string | undefined,
  option: string,
  fallback: number,
  usage: string,
  least = 1,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < least)
    refuse(`${option} takes a whole number, ${least} or more (got "${value}")`, usage);
  return n;
}

function refuse(message: string, usage: string): never {
  process.stderr.write(`${message}\n\n${usage.trim()}\n`);
  process.exit(2);
}
