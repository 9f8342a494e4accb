import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomPlayer } from '../src/game/engine/battle.ts';
import type { HfCommand } from '../src/game/honour-and-fortitude/commands.ts';
import { honourAndFortitudePlayable } from '../src/game/honour-and-fortitude/index.ts';
import { commandOdds } from '../src/game/honour-and-fortitude/odds.ts';
import { meleeRound } from '../src/rulesets/honour-and-fortitude/procedures/melee-round.ts';

/**
 * `node --import tsx bench/attack-odds.ts`: Honour & Fortitude's previews of what an attack comes to
 * (odds.ts, attack-odds.ts) in seeded random battles of the training table, Assaye and Plassey: every
 * `attack` and every `respond` that stands, counter-attacks or fires met on the way, 150 a scenario.
 * Prints the median and slowest CPU time of a preview (CPU, not wall time: the machine may be shared) and
 * how many worked out what the attack comes to exactly, estimated it (attack-odds.ts, beyond the exact
 * bound) or left it out.
 */
const game = honourAndFortitudePlayable.game;
const SCENARIOS = ['training-village-ford', 'assaye-1803', 'plassey-1757'];
const PER_SCENARIO = 150;
const RESPONSES = ['stand', 'counter-attack', 'fire'] as const;

interface Sample {
  readonly kind: string;
  readonly ms: number;
  /** What the attack comes to: worked out exactly, estimated, or left out. */
  readonly followed: 'exact' | 'estimated' | 'left out';
}

function previewsOf(id: string): Sample[] {
  const raw: unknown = JSON.parse(
    readFileSync(join(import.meta.dirname, '../scenarios', `${id}.json`), 'utf8'),
  );
  const samples: Sample[] = [];
  for (let seed = 1; samples.length < PER_SCENARIO && seed < 200; seed++) {
    let state = game.setup(raw, seed);
    const pick = randomPlayer<unknown, HfCommand>(seed);
    for (let i = 0; i < 5000 && samples.length < PER_SCENARIO; i++) {
      const side = game.decider(state);
      if (side === undefined) break;
      const legal = game.legalCommands(state, side);
      const previewed = [
        ...legal.filter((c) => c.type === 'attack'),
        ...legal.filter((c) => c.type === 'respond' && (RESPONSES as readonly string[]).includes(c.choice)),
      ];
      for (const command of previewed) {
        if (samples.length >= PER_SCENARIO) break;
        const start = process.cpuUsage();
        const odds = commandOdds(state, side, command);
        const used = process.cpuUsage(start);
        const ms = (used.user + used.system) / 1000;
        const kind = command.type === 'respond' ? `respond ${command.choice}` : command.type;
        const follows = odds.find((o) => o.procedure === meleeRound.id);
        const followed = !follows ? 'left out' : follows.estimatedFrom === undefined ? 'exact' : 'estimated';
        samples.push({ kind, ms, followed });
      }
      const applied = game.apply(state, side, pick(null, legal));
      if (!applied.ok) throw new Error(applied.rejection.message);
      state = applied.state;
    }
  }
  return samples;
}

const all = SCENARIOS.flatMap(previewsOf);
const times = all.map((s) => s.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
process.stdout.write(
  `${all.length} previews: median ${median.toFixed(1)} ms CPU, slowest ${times[times.length - 1]!.toFixed(0)} ms\n`,
);
const estimated = all
  .filter((s) => s.followed === 'estimated')
  .map((s) => s.ms)
  .sort((a, b) => a - b);
process.stdout.write(
  `  what follows: exact in ${all.filter((s) => s.followed === 'exact').length}, estimated in ${estimated.length}` +
    (estimated.length
      ? ` (median ${estimated[Math.floor(estimated.length / 2)]!.toFixed(0)} ms, slowest ${estimated[estimated.length - 1]!.toFixed(0)} ms)`
      : '') +
    `, left out of ${all.filter((s) => s.followed === 'left out').length}\n`,
);
const kinds = [...new Set(all.map((s) => s.kind))];
for (const kind of kinds) {
  const of = all.filter((s) => s.kind === kind);
  const counted = (followed: Sample['followed']) => of.filter((s) => s.followed === followed).length;
  const slowest = Math.max(...of.map((s) => s.ms));
  process.stdout.write(
    `  ${kind}: ${of.length}, what follows exact in ${counted('exact')}, estimated in ${counted('estimated')}, left out of ${counted('left out')}, slowest ${slowest.toFixed(0)} ms\n`,
  );
}
