import { createHash } from 'node:crypto';
import { PrngDice } from '../src/core/random/dice.ts';
import { seedRng } from '../src/core/random/prng.ts';
import { fixtureBattle } from '../src/rulesets/john-company/table/fixture-forces.ts';
import { rout, tableEdge } from '../src/rulesets/john-company/table/mandatory-moves.ts';
import { moveContext, unitFactsOf } from '../src/rulesets/john-company/table/movement.ts';

/**
 * `npm run bench:routs`: every unit of the 60-unit, 40-feature benchmark table (`generateTable(1)`) routs
 * (Part 3, Mandatory Moves 3: the search for friends or cover to its rear, then the flight) towards the
 * base edge on its half of the table. Prints the CPU time of one rout (three rounds, after a warm-up)
 * and a hash of every result (target, direction, stands where it ends, blocked): work that must not
 * change routs keeps the hash.
 */
const { table, forces } = fixtureBattle(1);
const facts = unitFactsOf(forces);
const ctx = moveContext(table, facts);
const ids = Object.keys(table.units);

function routAll(): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const unit = table.units[id]!;
    const rear = tableEdge(table, unit.stands[0]!.y < table.depth / 2 ? 'south' : 'north');
    const r = rout(ctx, { unitId: id, mover: { troop: facts[id]!.troop }, rear }, new PrngDice(seedRng(5)));
    const stands = r.move.unit.stands.map((s) => [s.x.toFixed(6), s.y.toFixed(6)]);
    out.push(JSON.stringify([id, r.target, r.direction.toFixed(6), stands, r.blocked]));
  }
  return out;
}

routAll();
const rounds = 3;
const start = process.cpuUsage();
let results: string[] = [];
for (let i = 0; i < rounds; i++) results = routAll();
const used = process.cpuUsage(start);
const ms = (used.user + used.system) / 1000 / (rounds * ids.length);
process.stdout.write(`${ids.length} routs on the benchmark table: ${ms.toFixed(2)} ms CPU each\n`);
process.stdout.write(
  `results ${createHash('sha256').update(results.join('\n')).digest('hex').slice(0, 16)}\n`,
);
