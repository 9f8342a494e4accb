import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Terminal } from '../../src/cli/play.ts';
import { type CliEnv, runCli } from '../../src/cli/program.ts';
import type { CliOutcome } from '../../src/cli/resolve.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';
import { joinWords } from '../../src/protocol/text.ts';
import { HIDE_AND_SEEK, hideAndSeekPlayable } from '../game/hide-and-seek.ts';

/** The rule sets Muster plays, and hide and seek. */
const REGISTRY = [...PLAYABLE_RULE_SETS, hideAndSeekPlayable];
const IDS = REGISTRY.map((r) => r.id);

/**
 * `muster play --ruleset` and `muster replay` host any rule set of the CLI's registry: hide and seek
 * (test/game/hide-and-seek.ts, no hosting members of its own but `publicCommands`), worded by the
 * generic defaults, its hidden choice kept from the other side.
 */
async function muster(
  argv: readonly string[],
  world: { readonly input?: readonly string[]; readonly files?: Map<string, string> } = {},
): Promise<CliOutcome & { terminal: string; files: Map<string, string> }> {
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
    readInput: async (file) => files.get(file ?? '') ?? readFile(file ?? '', 'utf8'),
    randomSeed: () => 77,
    terminal: term,
    writeFile: async (file, text) => {
      files.set(file, text);
    },
    playable: REGISTRY,
  };
  return { ...(await runCli(argv, env)), terminal, files };
}

const PLAY = ['play', 'training-village-ford', '--ruleset', HIDE_AND_SEEK];

describe('muster play --ruleset, a rule set hosted by the generic defaults', () => {
  it('plays the computer against itself, and saves a record that replays exactly', async () => {
    const run = await muster([...PLAY, '--ai', 'both', '--seed', '2', '--turns', '3', '--save', 'g.json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.terminal).toContain(
      '(company: the computer) against The Maratha force (maratha: the computer)',
    );
    // Each turn: the hider hides (seen, as the computer plays both sides), the seeker seeks.
    const log = run.terminal.split('\n').filter((l) => l.startsWith('token-'));
    expect(log).toHaveLength(6);
    expect(log[0]).toMatch(/^token-hidden: side company, spot (left|right)$/);
    expect(log[1]).toMatch(/^token-sought: side maratha, spot (left|right), found (true|false)$/);
    expect(run.terminal).toMatch(/game-over: reason \d finds to \d after 3 turns/);
    const record = JSON.parse(run.files.get('g.json')!);
    expect(record).toMatchObject({ format: 'muster-game', ruleSet: HIDE_AND_SEEK, seed: 2 });
    expect(record.commands).toHaveLength(6);

    const replayed = await muster(['replay', 'g.json'], { files: run.files });
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.split('\n').filter((l) => l.startsWith('token-'))).toEqual(log);
    expect(replayed.stdout).toMatch(
      /Replayed exactly: 6 commands, turn 3, (Victory to the (Company's brigades|Maratha force)|A draw): /,
    );
    // Maratha never saw where company hid the token.
    const maratha = await muster(['replay', 'g.json', '--side', 'maratha'], { files: run.files });
    expect(maratha.stdout).not.toContain('token-hidden: side company');
    expect(maratha.stdout).toContain('token-hidden: side maratha');
  });

  it('shows a person its view and the numbered commands in the generic words', async () => {
    const run = await muster([...PLAY, '--seed', '3', '--turns', '2'], { input: ['x', '2', '1'] });
    expect(run.code).toBe(0);
    const t = run.terminal;
    expect(t).toContain('(company: you) against The Maratha force (maratha: the computer)');
    expect(t).toContain(
      [
        "--- Turn 1 (The Company's brigades) ---",
        '  viewer: company',
        '  turn: 1',
        '  scores: {"company":0,"maratha":0}',
        '  1. hide: spot left',
        '  2. hide: spot right',
      ].join('\n'),
    );
    expect(t).toContain('"x" is not one of the choices.');
    expect(t).toContain('token-hidden: side company, spot right');
    // In turn 2 maratha hides: the person, seeking, sees no trace of where.
    expect(t).toContain("--- Turn 2 (The Company's brigades) ---");
    expect(t).not.toContain('token-hidden: side maratha');
    expect(t).toContain('  1. seek: spot left');
  });

  it('names the rule sets it plays when asked for another, and refuses records of unknown ones', async () => {
    const run = await muster([...PLAY.slice(0, 3), 'hide-and-seeker']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `--ruleset: Muster does not play "hide-and-seeker" battles. The rule sets it plays are: ${IDS.join(', ')}. Did you mean "hide-and-seek"?`,
    );
    const played = await muster([...PLAY, '--ai', 'both', '--seed', '4', '--turns', '1', '--save', 'g.json']);
    const record = JSON.parse(played.files.get('g.json')!);
    played.files.set('chess.json', JSON.stringify({ ...record, ruleSet: 'chess' }));
    const refused = await muster(['replay', 'chess.json'], { files: played.files });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`"ruleSet" must be ${joinWords(IDS.map((id) => JSON.stringify(id)))}`);
  });
});
