import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computerPlayer } from '../src/game/command-points/ai.ts';
import { commandPointsGame as game } from '../src/game/command-points/game.ts';
import { commandOdds } from '../src/game/command-points/odds.ts';

/**
 * `node --import tsx bench/combats-after-fire.ts`: the command-point rules' previews of the combats after
 * a closing end-fire (combats-after-fire.ts), in one computer-against-computer battle of each scenario
 * (seed 1): every end-fire with attacks pending whose preview shows combats. Prints how many were worked
 * out exactly and how many estimated, and the median and slowest CPU time of a preview (CPU, not wall
 * time: the machine may be shared).
 */
const dir = join(import.meta.dirname, '../scenarios');
const SEED = 1;
const MAX_COMMANDS = 5000;

interface Sample {
  readonly scenario: string;
  readonly ms: number;
  readonly estimated: boolean;
}

const samples: Sample[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const scenario = file.replace(/\.json$/, '');
  let state = game.setup(JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown, SEED);
  const [a, b] = state.sides;
  const players = { [a]: computerPlayer(SEED), [b]: computerPlayer(SEED + 1) };
  for (let i = 0; i < MAX_COMMANDS; i++) {
    const side = game.decider(state);
    if (side === undefined) break;
    const legal = game.legalCommands(state, side);
    const pending = Object.values(state.units).some(
      (u) => u.attacking !== undefined && u.status === 'formed',
    );
    if (pending && legal.some((c) => c.type === 'end-fire')) {
      const start = process.cpuUsage();
      const odds = commandOdds(state, side, { type: 'end-fire' });
      const used = process.cpuUsage(start);
      const combats = odds.filter((o) => o.procedure === 'combat');
      if (combats.length > 0)
        samples.push({
          scenario,
          ms: (used.user + used.system) / 1000,
          estimated: combats.some((o) => o.estimatedFrom !== undefined),
        });
    }
    const applied = game.apply(state, side, players[side]!(game.viewFor(state, side), legal));
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
}

const summary = (of: readonly Sample[]) => {
  const times = of.map((s) => s.ms).sort((x, y) => x - y);
  if (times.length === 0) return 'none';
  return `${of.length}: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms CPU, slowest ${times[times.length - 1]!.toFixed(0)} ms`;
};
process.stdout.write(`previews with combats after the fire ${summary(samples)}\n`);
process.stdout.write(`  exact ${summary(samples.filter((s) => !s.estimated))}\n`);
process.stdout.write(`  estimated ${summary(samples.filter((s) => s.estimated))}\n`);
for (const scenario of [...new Set(samples.map((s) => s.scenario))]) {
  const of = samples.filter((s) => s.scenario === scenario);
  process.stdout.write(`  ${scenario}: ${of.length}, estimated ${of.filter((s) => s.estimated).length}\n`);
}
