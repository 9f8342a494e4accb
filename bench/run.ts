import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PrngDice } from '../src/core/random/dice.ts';
import { Prng, seedRng } from '../src/core/random/prng.ts';
import { d6 } from '../src/core/random/rolls.ts';
import type { AnyProcedure } from '../src/core/rules/procedure.ts';
import { oddsOf } from '../src/core/rules/run.ts';
import { Trace } from '../src/core/rules/trace.ts';
import { RULE_SETS } from '../src/game/registry.ts';
import {
  prepareReactionTest,
  type ReactionFacts,
  reactionTest,
  resolveReactionTest,
  runReactionTest,
} from '../src/rulesets/john-company/procedures/reaction-test.ts';
import { deriveAllReactionFacts } from '../src/rulesets/john-company/table/facts/table-facts.ts';
import { fixtureBattle } from '../src/rulesets/john-company/table/fixture-forces.ts';
import { sightWorkload } from '../src/rulesets/john-company/table/workload.ts';
import { formatRate, measure } from './harness.ts';

/**
 * `npm run bench`: Muster's speed figures on this machine, one core. Targets (issue 2): >= 50 M reaction
 * tests/s without trace, >= 2 M with the trace, any single exact distribution under 100 µs.
 */
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

say(`Muster benchmark - node ${process.version}, ${new Date().toISOString()}`);
say('');
say('Dice');
{
  const prng = new Prng(seedRng(1));
  let sink = 0;
  say(
    formatRate(
      measure('raw d6 from the PRNG (Prng.int(6))', 1e6, () => {
        for (let i = 0; i < 1e6; i++) sink += prng.int(6);
      }),
    ),
  );
  const dice = new PrngDice(seedRng(1));
  say(
    formatRate(
      measure('d6 through the DiceSource interface', 1e6, () => {
        for (let i = 0; i < 1e6; i++) sink += dice.roll(d6, 'd6');
      }),
    ),
  );
  if (sink === -1) say('');
}

say('');
say('Procedures (John Company)');
{
  const facts: ReactionFacts[] = reactionTest.examples.map((e) => reactionTest.facts.parse(e.facts));
  facts.push(
    reactionTest.facts.parse({
      resolveLevel: 13,
      origin: 'indian',
      formation: 'mass',
      orders: 'charge',
      lastStatus: 'Shaken',
      positive: ['mounted'],
      negative: ['target-of-small-arms-fire', { id: 'stands-lost-since-last-check', count: 2 }],
      generalInContact: 'Inspiring',
    }),
  );
  const dice = new PrngDice(seedRng(7));
  let sink = 0;
  const n = facts.length;
  say(
    formatRate(
      measure('reaction tests, no trace, from raw facts', 1e6, () => {
        for (let i = 0; i < 1e6; i++) sink += resolveReactionTest(facts[i % n]!, dice).level;
      }),
    ),
  );
  const prepared = facts.map(prepareReactionTest);
  say(
    formatRate(
      measure('reaction tests, no trace, facts prepared once (Monte Carlo)', 1e6, () => {
        for (let i = 0; i < 1e6; i++) sink += runReactionTest(prepared[i % n]!, dice).level;
      }),
    ),
  );
  // The line above throws only Random Factors (its level comes from a table by Random Factor); these also
  // throw +1 Dice, -1 Dice and Without Orders d6s, and add up their levels.
  const withMoreDice = [
    {
      ...facts[0]!,
      positive: [...(facts[0]!.positive ?? []), { id: 'irregular-or-cavalry-won-confrontation' }],
    },
    { ...facts[1]!, negative: [...(facts[1]!.negative ?? []), { id: 'shocked' }] },
    { ...facts[2]!, orders: 'without-orders', lastStatus: 'Confident', negative: [{ id: 'disordered' }] },
  ].map((f) => prepareReactionTest(reactionTest.facts.parse(f)));
  say(
    formatRate(
      measure('  the same with dice modifiers and Without Orders rolls', 1e6, () => {
        for (let i = 0; i < 1e6; i++) sink += runReactionTest(withMoreDice[i % n]!, dice).level;
      }),
    ),
  );
  say(
    formatRate(
      measure('reaction tests, with the full trace', 1e5, () => {
        for (let i = 0; i < 1e5; i++) sink += resolveReactionTest(facts[i % n]!, dice, new Trace()).level;
      }),
    ),
  );
  if (sink === -1) say('');
}

say('');
say('The virtual table (60 units, 6 generals, 40 terrain features)');
{
  let sink = 0;
  for (const pairs of ['random', 'visible'] as const) {
    const workload = sightWorkload(1, 4096, pairs);
    say(
      formatRate(
        measure(`line-of-sight queries, ${pairs} stand pairs, each line traced`, workload.queries, () => {
          sink += workload.run();
        }),
      ),
    );
  }
  // The facts keep each unit's packed geometry and the table's layout by record (a battle's next table
  // reuses the records of the units that did not change). So the first figure hands every batch fresh
  // unit records (all 60 units packed again: a table never seen), the second the same records again
  // (the layout kept: only the facts themselves are worked out). The terrain is packed once per battle,
  // as in play.
  const battle = fixtureBattle(1);
  const fresh = measure(
    'reaction facts for every unit, 60 units packed afresh',
    1,
    (table) => {
      sink += deriveAllReactionFacts(table, battle.forces).length;
    },
    0.6,
    () => ({ ...battle.table, units: structuredClone(battle.table.units) }),
  );
  const kept = measure('reaction facts for every unit, units packed before', 1, () => {
    sink += deriveAllReactionFacts(battle.table, battle.forces).length;
  });
  for (const m of [fresh, kept])
    say(
      `${m.name.padEnd(58)} ${`${(m.nsPerOp / 1e6).toFixed(2)} ms`.padStart(12)}  (${m.opsPerSecond.toFixed(0)} tables/s)`,
    );
  if (sink === -1) say('');
}

say('');
say(
  'Every procedure: resolutions/s of its examples, and the time of one exact distribution (all odds views)',
);
for (const ruleSet of RULE_SETS) {
  for (const def of ruleSet.procedures as AnyProcedure[]) {
    const facts = def.examples.map((e) => def.facts.parse(e.facts));
    const dice = new PrngDice(seedRng(11));
    const n = facts.length;
    const resolve = measure(
      `${ruleSet.id}/${def.id}: resolutions, no trace`,
      1e4,
      () => {
        for (let i = 0; i < 1e4; i++) def.resolve(facts[i % n], dice);
      },
      0.3,
    );
    say(formatRate(resolve));
    let worst = 0;
    for (const f of facts) {
      const m = measure(
        'odds',
        10,
        () => {
          for (let i = 0; i < 10; i++) oddsOf(def, f);
        },
        0.2,
      );
      worst = Math.max(worst, m.nsPerOp);
    }
    say(
      `${`${ruleSet.id}/${def.id}: exact distribution (slowest example)`.padEnd(58)} ${`${(worst / 1000).toFixed(1)} µs`.padStart(12)}`,
    );
  }
}

/** Runs a bench of its own in a child process (see below) and says its lines but the first (its title). */
function child(script: string, args: readonly string[] = []): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`${script} failed:\n${run.stderr}`);
  for (const line of run.stdout.split('\n').slice(1)) if (line !== '') say(line);
}

say('');
say('Whole battles (John Company, computer against computer)');
// In a process of its own: loading the games' modules changes how V8 compiles the procedures measured
// above (the traced reaction test ran ~40% slower beside them), and a figure must not depend on that.
child('./battles.ts');

say('');
say('Every core: battles on worker threads');
child('./workers.ts');

say('');
say('Starting the command line (each call a new process; medians)');
child('./startup.ts', ['--rounds', '5']);
