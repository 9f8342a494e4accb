import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stateProblems as cpStateProblems } from '../src/game/command-points/invariants.ts';
import { type AnyPlayableRuleSet, randomPlayer } from '../src/game/engine/battle.ts';
import { playCheckedBattle } from '../src/game/engine/invariants.ts';
import { stateProblems as hfStateProblems } from '../src/game/honour-and-fortitude/invariants.ts';
import { commandProblems as jcCommandProblems } from '../src/game/john-company/invariants.ts';
import { invariantProblems as mdInvariantProblems } from '../src/game/macduff/testing.ts';
import { PLAYABLE_RULE_SETS } from '../src/game/registry.ts';

/**
 * The invariants every rule set's battles keep (src/game/engine/invariants.ts), over many more battles
 * than `npm test` plays: for every rule set and every scenario in scenarios/, battles to the end with
 * seeds `from` to `from + count - 1`, each checked after every `every`-th command: every command
 * `legalCommands` offers is accepted by `apply`; no view changes with what is hidden from its viewer
 * (the PRNG state, decks, concealed units, face-down orders); the set's own invariants hold (for John
 * Company also what each side's view and log may show); the record replays to the same state and
 * events. Players: random v random (the sides' players seeded `1000 + seed` and `2000 + seed`, as the
 * tests do), or with `--computer` the first side by the computer opponent.
 *
 *   node --import tsx bench/invariants.ts [count=100] [from=1] [every=1] [--computer] [--rule-set <id>]
 *
 * Prints, per rule set and scenario, the battles, the commands checked, the time, and each distinct
 * problem found with the first seed that shows it. Exits 1 when it found any.
 */
/** Each rule set's own invariants after a command (its state; John Company's views and logs too). */
// biome-ignore lint/suspicious/noExplicitAny: each set's checks take its own state and events
const OWN_PROBLEMS: Readonly<Record<string, (state: any, events: readonly any[]) => readonly string[]>> = {
  'john-company': jcCommandProblems,
  macduff: mdInvariantProblems,
  'honour-and-fortitude': hfStateProblems,
  'command-points': cpStateProblems,
};

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const count = Number(positional[0] ?? 100);
const from = Number(positional[1] ?? 1);
const every = Number(positional[2] ?? 1);
const computerFirst = flag('--computer');
const only = option('--rule-set');

const SCENARIOS = fileURLToPath(new URL('../scenarios/', import.meta.url));
const scenarios = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({
    id: f.replace(/\.json$/, ''),
    json: JSON.parse(readFileSync(`${SCENARIOS}${f}`, 'utf8')) as { sides: { id: string }[] },
  }));

let found = 0;
for (const ruleSet of PLAYABLE_RULE_SETS as readonly AnyPlayableRuleSet[]) {
  if (only !== undefined && ruleSet.id !== only) continue;
  for (const scenario of scenarios) {
    const [a, b] = scenario.json.sides.map((s) => s.id) as [string, string];
    const problems = new Map<string, number>();
    let commands = 0;
    const started = performance.now();
    for (let seed = from; seed < from + count; seed++) {
      const players = {
        [a]: computerFirst ? ruleSet.computer(1000 + seed) : randomPlayer(1000 + seed),
        [b]: randomPlayer(2000 + seed),
      };
      try {
        const own = OWN_PROBLEMS[ruleSet.id];
        const checked = playCheckedBattle(ruleSet, scenario.json, seed, players, {
          every,
          ...(own
            ? { problemsAfter: (state, events) => (state.seq % every === 0 ? own(state, events) : []) }
            : {}),
        });
        commands += checked.battle.record.commands.length;
        for (const p of checked.problems) {
          const kind = p.replace(/^(at the start|after command \d+): /, '');
          if (!problems.has(kind)) problems.set(kind, seed);
        }
      } catch (error) {
        const kind = String(error);
        if (!problems.has(kind)) problems.set(kind, seed);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${ruleSet.id} ${scenario.id}: ${count} battles (seeds ${from}-${from + count - 1}), ${commands} commands, ${seconds.toFixed(1)} s, ${problems.size === 0 ? 'no problem' : `${problems.size} problems`}`,
    );
    for (const [problem, seed] of problems) console.log(`  seed ${seed}: ${problem.slice(0, 400)}`);
    found += problems.size;
  }
}
process.exitCode = found > 0 ? 1 : 0;
