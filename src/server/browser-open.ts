import { spawn } from 'node:child_process';

/**
 * `npm start` opens its page in the system's browser: by default only for a person at a terminal (stdout
 * is a TTY) and never in CI or tests (`CI` or `MUSTER_NO_OPEN` set); `--open` forces it, `--no-open`
 * prevents it (and wins over `--open`).
 */
export function shouldOpenBrowser(options: {
  readonly open?: boolean | undefined;
  readonly noOpen?: boolean | undefined;
  readonly tty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}): boolean {
  if (options.noOpen) return false;
  if (options.open) return true;
  return options.tty && !options.env['CI'] && !options.env['MUSTER_NO_OPEN'];
}

/** Opens `url` in the desktop's browser (open, start, xdg-open); a machine without one just keeps serving. */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`Could not open a browser: open ${url} yourself.\n`));
  child.unref();
}
