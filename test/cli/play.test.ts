import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderCliDocs } from '../../src/cli/docs.ts';
import type { Terminal } from '../../src/cli/play.ts';
import { type CliEnv, runCli } from '../../src/cli/program.ts';
import type { CliOutcome } from '../../src/cli/resolve.ts';

/**
 * `muster play`, `muster replay` and `muster scenario`, run in-process: scenarios from the repository,
 * the person's input scripted, the terminal's output and saved files kept in memory.
 */
interface Run extends CliOutcome {
  /** What `muster play` wrote to the terminal. */
  readonly terminal: string;
  readonly files: Map<string, string>;
}

async function muster(
  argv: readonly string[],
  world: { readonly input?: readonly string[]; readonly files?: Map<string, string> } = {},
): Promise<Run> {
  const files = world.files ?? new Map<string, string>();
  const input = [...(world.input ?? [])];
  let terminal = '';
  const term: Terminal = {
    write: (text) => {
      terminal += text;
    },
    readLine: async () => input.shift(),
  };
  const env: CliEnv = {
    readInput: async (file) => {
      const text = file === undefined ? undefined : files.get(file);
      return text ?? readFile(file ?? '', 'utf8');
    },
    randomSeed: () => 77,
    version: '0.0.0-test',
    terminal: term,
    writeFile: async (file, text) => {
      files.set(file, text);
    },
  };
  const outcome = await runCli(argv, env);
  return { ...outcome, terminal, files };
}

/** The log lines of a battle (the lines after the first turn's heading, before the save notice). */
function logLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf('=== Turn 1 ===');
  return lines
    .slice(start)
    .filter((l) => l !== '' && !l.startsWith('Saved the game') && !l.startsWith('Replayed'));
}

describe('muster play --ai both', () => {
  it("README's battle ends saying the turn limit decided it, in the scenario's words", async () => {
    const run = await muster(['play', 'training-village-ford', '--ai', 'both', '--turns', '2']);
    expect(run.code).toBe(0);
    const verdict = run.terminal.split('\n').find((l) => l.startsWith('***'))!;
    expect(verdict).toMatch(/when the turn limit ended the battle \(turn 2\)|turn limit/);
    expect(verdict).not.toMatch(/\b(company|maratha)\b/);
    expect(verdict).toMatch(/the (Company's brigades|Maratha force)|A draw/);
  });

  it('plays a battle to its end, prints the log as it goes and saves a record that replays exactly', async () => {
    const run = await muster([
      'play',
      'training-village-ford',
      '--ai',
      'both',
      '--seed',
      '2',
      '--turns',
      '2',
      '--save',
      'game.json',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.terminal).toContain(
      "seed 2; The Company's brigades (company: the computer) against The Maratha force (maratha: the computer)",
    );
    expect(run.terminal).toContain('=== Turn 2 ===');
    expect(run.terminal).toMatch(/tests \(activation\): level \d+, \w+/);
    expect(run.terminal).toMatch(/\*\*\* (Victory to the (Company|Maratha)[^:]*|A draw): .* \*\*\*/);
    const record = JSON.parse(run.files.get('game.json')!);
    expect(record).toMatchObject({ format: 'muster-game', version: 1, ruleSet: 'john-company', seed: 2 });
    expect(record.scenario.victory.turnLimit).toBe(2);
    expect(record.commands.length).toBeGreaterThan(10);

    const again = await muster(['replay', 'game.json'], { files: run.files });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Replayed exactly: ${record.commands.length} commands`);
    expect(logLines(again.stdout)).toEqual(logLines(run.terminal));
  });

  it('picks a seed when none is given and prints it', async () => {
    const run = await muster(['play', 'training-village-ford', '--ai', 'both', '--turns', '1']);
    expect(run.code).toBe(0);
    expect(run.terminal).toContain('seed 77;');
  });
});

describe('muster play, a person against the computer', () => {
  it('shows the situation from the person’s side and the numbered commands, and reads choices', async () => {
    const run = await muster(['play', 'training-village-ford', '--side', 'maratha', '--seed', '3'], {
      input: ['x', '9999', '?', '1'],
    });
    expect(run.code).toBe(0);
    const t = run.terminal;
    expect(t).toContain(
      "The Company's brigades (company: the computer) against The Maratha force (maratha: you)",
    );
    expect(t).toContain('Turn 1 of 10: Step 2, place order counters (The Maratha force)');
    expect(t).toContain('Your units:');
    expect(t).toContain('Enemy units in sight:');
    expect(t).toContain('counter face down');
    expect(t).toMatch(/ 1\. finish placing counters/);
    expect(t).toContain('"x" is not one of the choices.');
    expect(t).toContain('"9999" is not one of the choices.');
    // The computer's counters stay hidden: its placements are not in the person's log.
    expect(t).toContain("The Company's brigades has placed its counters");
    expect(t).not.toMatch(/^ {2}The European regiment: (Hold|Forward March|Support|Form|blank counter)/m);
    // The input ran out: the battle stops there.
    expect(t).toMatch(/Stopped after \d+ commands, on turn 1\./);
  });

  it('stops on q and still saves the record', async () => {
    const run = await muster(['play', 'training-village-ford', '--seed', '4', '--save', 'g.json'], {
      input: ['q'],
    });
    expect(run.code).toBe(0);
    expect(run.terminal).toContain('Stopped after 0 commands');
    expect(JSON.parse(run.files.get('g.json')!).commands).toEqual([]);
  });

  it('takes back the person’s last command on u, while it threw no dice and was not answered', async () => {
    const run = await muster(
      ['play', 'training-village-ford', '--ai', 'maratha', '--seed', '4', '--save', 'g.json'],
      { input: ['u', '2', 'u', 'u', '1', 'q'] },
    );
    expect(run.code).toBe(0);
    const t = run.terminal;
    // Nothing given yet (and again once taken back): nothing to take back, and the prompt does not offer it.
    expect(t.match(/Nothing to take back/g)).toHaveLength(2);
    expect(t).toMatch(/Your choice \(1-\d+, \? to look again, q to stop\)/);
    // After a counter placed, the prompt offers it, and u takes it back.
    expect(t).toMatch(/u to take back your last command/);
    expect(t).toContain('Taken back: The European regiment: blank counter');
    // Finishing the counters lets the computer answer: that is not offered again.
    const record = JSON.parse(run.files.get('g.json')!) as {
      commands: { side: string; command: { type: string } }[];
    };
    expect(record.commands[0]).toEqual({ side: 'company', command: { type: 'finish-orders' } });
    expect(record.commands.some((c) => c.side === 'maratha')).toBe(true);
    expect(t.split('Taken back').length).toBe(2);
  });

  it('refuses bad sides, seeds, turns and scenarios (exit code 2)', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['play', 'training-village-ford', '--side', 'nobody'],
        /--side: no side "nobody".*company and maratha/,
      ],
      [['play', 'training-village-ford', '--ai', 'both', '--side', 'company'], /computer plays both sides/],
      [['play', 'training-village-ford', '--ai', 'company', '--side', 'company'], /cannot both play company/],
      [['play', 'training-village-ford', '--turns', '0'], /--turns: expected a whole number from 1 to 100/],
      [['play', 'training-village-ford', '--seed', 'abc'], /--seed: expected a whole number/],
      [['play', 'plasey-1757'], /no scenario "plasey-1757" \(did you mean "plassey-1757"\?\)/],
      [['play', 'missing.json'], /cannot read missing.json: no such file/],
    ];
    for (const [argv, message] of cases) {
      const run = await muster(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});

describe('muster replay', () => {
  it('refuses a file that is not a game record, or whose commands do not replay', async () => {
    const files = new Map([
      ['not.json', '{"format": "something"}'],
      ['bad.json', '{'],
    ]);
    const played = await muster(
      ['play', 'training-village-ford', '--ai', 'both', '--seed', '5', '--turns', '1', '--save', 'g.json'],
      {
        files,
      },
    );
    const record = JSON.parse(played.files.get('g.json')!);
    record.commands.splice(1, 0, { side: 'maratha', command: { type: 'finish-aiming' } });
    files.set('corrupt.json', JSON.stringify(record));
    for (const [file, message] of [
      ['not.json', /not a saved Muster game: "format" must be "muster-game"/],
      ['bad.json', /not valid JSON/],
      ['corrupt.json', /does not replay: command 1 refused/],
    ] as const) {
      const run = await muster(['replay', file], { files });
      expect(run.code, file).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('narrows the log to one side with --side', async () => {
    const played = await muster([
      'play',
      'training-village-ford',
      '--ai',
      'both',
      '--seed',
      '6',
      '--turns',
      '1',
      '--save',
      'g.json',
    ]);
    const all = await muster(['replay', 'g.json'], { files: played.files });
    const maratha = await muster(['replay', 'g.json', '--side', 'maratha'], { files: played.files });
    expect(maratha.code).toBe(0);
    // Company's counters are in the referee's log, not in the Maratha's.
    expect(all.stdout).toMatch(
      /^ {2}The European regiment: (Hold|Forward March|Support|Form|blank counter)/m,
    );
    expect(maratha.stdout).not.toMatch(
      /^ {2}The European regiment: (Hold|Forward March|Support|Form|blank counter)/m,
    );
  });
});

describe('muster scenario', () => {
  it('validates a scenario by id or file', async () => {
    const run = await muster(['scenario', 'validate', 'assaye-1803']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('assaye-1803: a valid scenario');
    expect(run.stdout).toMatch(/british: .*, 13 units/);
    const file = await muster(['scenario', 'validate', 'scenarios/plassey-1757.json']);
    expect(file.code).toBe(0);
  });

  it('lists every problem of an invalid scenario (exit code 2)', async () => {
    const s = JSON.parse(await readFile('scenarios/training-village-ford.json', 'utf8'));
    s.units[0].commander = 'gen-nobody';
    s.units[1].position = { x: 500, y: 12 };
    delete s.title;
    const files = new Map([['bad.json', JSON.stringify(s)]]);
    const run = await muster(['scenario', 'validate', 'bad.json'], { files });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad.json is not a valid scenario \(\d+ problems\)/);
    expect(run.stderr).toContain('title:');
    expect(run.stderr).toContain('units[0].commander:');
    expect(run.stderr).toContain('units[1].position:');
  });

  it('lists the scenarios', async () => {
    const run = await muster(['scenario', 'list']);
    expect(run.code).toBe(0);
    for (const id of ['assaye-1803', 'meeanee-1843', 'plassey-1757', 'training-village-ford'])
      expect(run.stdout).toContain(`${id}: `);
  });
});

describe('docs/cli.md', () => {
  it('documents play, replay and scenario', () => {
    const docs = renderCliDocs();
    for (const text of [
      '### `muster play [options] <scenario>`',
      '### `muster replay [options] <file>`',
      '### `muster scenario validate [options] <file>`',
      '### `muster scenario list [options]`',
      '--ai <side>',
      '--save <file>',
      '--turns <n>',
      '## Playing a battle',
    ])
      expect(docs).toContain(text);
  });
});
