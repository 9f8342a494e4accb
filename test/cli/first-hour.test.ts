import { describe, expect, it } from 'vitest';
import { muster } from './run.ts';

/**
 * The referee's CLI as a new user first meets it: what it offers is what it accepts, its suggestions,
 * its words where it printed ids or bare flags, and the same output for the same input.
 */
const untested = {
  resolveLevel: 17,
  origin: 'indian',
  formation: 'close-order-column',
  orders: 'advance',
  positive: ['flanks-and-rear-secure'],
};

describe('the CLI in words a referee reads', () => {
  it('a resolution that throws no dice prints no seed: the same input, the same output', async () => {
    const one = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify(untested),
      randomSeed: 1,
    });
    const two = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify(untested),
      randomSeed: 2,
    });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).not.toHaveProperty('seed');
    expect(one.stdout).toBe(two.stdout);
    // With dice thrown from a chosen seed, the seed is printed to throw them again.
    const thrown = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify({ ...untested, occasion: 'voluntary' }),
      randomSeed: 9,
    });
    expect(JSON.parse(thrown.stdout).seed).toBe(9);
  });

  it('dice typed in for a test not taken say why, and how to make the unit test', async () => {
    const out = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify({ ...untested, dice: [4, 4] }),
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/These facts throw no dice: No test needed \(no negative modifier applies/);
    expect(out.stderr).toContain('"occasion": "voluntary" makes the unit test');
  });

  it('help and schema offer only the modifier ids that are accepted', async () => {
    const help = await muster(['resolve', 'reaction-test', '--help']);
    expect(help.stdout).not.toMatch(/last-status-/);
    const schema = JSON.parse((await muster(['schema', 'confrontation'])).stdout) as object;
    const enums = JSON.stringify(schema).match(/"enum":\[[^\]]*\]/g) ?? [];
    for (const e of enums) expect(e).not.toMatch(/status-|additional-stands|defender-gave-fire/);
    // Given anyway, each says which fact to give instead.
    const given = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify({ ...untested, positive: ['last-status-confident'] }),
    });
    expect(given.stderr).toContain(
      'positive[0]: last-status-confident is worked out by Muster: give lastStatus instead',
    );
  });

  it('"did you mean" suggests by meaning as well as by spelling', async () => {
    const out = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify({ ...untested, formation: 'line', positive: ['woods'] }),
    });
    expect(out.stderr).toContain('did you mean "close-order-line" or "open-order-line"?');
    expect(out.stderr).toContain('did you mean "in-woods"?');
  });

  it('confrontation dice are shown by roll key, and the final levels a referee has are taken', async () => {
    const help = await muster(['resolve', 'confrontation', '--help']);
    expect(help.stdout).toMatch(/Type in dice you rolled by roll key/);
    expect(help.stdout).toContain('"chargerRandomFactor": [4, 2]');
    const out = await muster(['resolve', 'confrontation', '--explain', '--no-odds'], {
      stdin: JSON.stringify({
        charger: { resolveLevel: 18, status: 'Steady', stands: 12 },
        target: { resolveLevel: 16, status: 'Steady', stands: 10 },
        finalLevels: { charger: 23, target: 18 },
        dice: { chargerEventDie: [4], targetEventDie: [6], chargerLoss: [3] },
      }),
    });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Charger 23 v target 18: the charger wins by 5');
    // --explain words a flag as yes or no.
    expect(out.stdout).toMatch(/Charger Event Die gives an Event \[4\] +no /);
    expect(out.stdout).not.toMatch(/ (true|false) /);
  });

  it('the odds table keeps the outcome first, a long one wrapped in its column', async () => {
    const out = await muster(['resolve', 'reaction-test', '--explain'], {
      stdin: JSON.stringify({ ...untested, negative: ['disordered'], dice: [4, 4] }),
    });
    const table = out.stdout.split('  Effect on movement\n')[1]!.split('\n  Without')[0]!.split('\n');
    for (const line of table.filter((l) => /%/.test(l))) expect(line).toMatch(/^ {4}\S.*\d%/);
    expect(table.some((l) => /^ {6}\S/.test(l) && !/%/.test(l))).toBe(true);
  });

  it('movement-allowance refuses a formation its troop has no rate in', async () => {
    const out = await muster(['resolve', 'movement-allowance'], {
      stdin: JSON.stringify({ troop: 'british-infantry', formation: 'artillery-line', moveInches: 3 }),
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/British infantry has no movement rate in artillery-line/);
  });
});
