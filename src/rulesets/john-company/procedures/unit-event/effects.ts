/**
 * An Events Table entry's effects with every die resolved into numbers (Part 4, the Events Tables):
 * `expandEffect` reads one template of the entry, throwing its dice in the order the entry names
 * them. Fixed results are shared constants, never mutated.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { d6, nd6, oddD6 } from '../../../../core/random/rolls.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import { LEADERSHIP_SCALE } from '../../tables/officers.ts';
import type { UnitEventEffect, UnitEventEntry, UnitEventTemplate } from '../../tables/unit-events.ts';
import { musterDefault } from '../../vocabulary.ts';
import type { UnitEventFacts, UnitEventSubRolls } from './facts.ts';
import {
  commanderHitRoll,
  firedOnRoll,
  friendOrFoeRoll,
  gunsOnOneOrTwoRoll,
  movementRoll,
  scratchRoll,
} from './sub-rolls.ts';

const KILLED_EFFECTS: readonly UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'killed' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-killed', amount: -2, tests: 'next' },
  {
    kind: 'reaction-modifier',
    unit: 'self',
    modifier: 'unit-commander-killed-earlier',
    amount: -1,
    tests: 'all-after-next',
  },
];
const WOUNDED_EFFECTS: readonly UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'wounded' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-wounded', amount: -1, tests: 'next' },
];
const MUST_DEFEND: UnitEventEffect = { kind: 'next-order', order: 'defend' };
const COLOURS_CAPTURED: UnitEventEffect = {
  kind: 'reaction-modifier',
  unit: 'facing-enemy',
  modifier: 'enemy-colours-captured',
  amount: 1,
  tests: 'all-future',
};
const COLOURS_RESOLVE: UnitEventEffect = {
  kind: 'resolve-change',
  adjustment: 'colours-lost',
  amount: -2,
  permanent: true,
};
const SECOND_COLOUR_RESOLVE: UnitEventEffect = {
  kind: 'resolve-change',
  adjustment: 'second-colour-lost',
  amount: -1,
  permanent: true,
};
const noEffect = (reason: Extract<UnitEventEffect, { kind: 'no-effect' }>['reason']): UnitEventEffect => ({
  kind: 'no-effect',
  reason,
});
const NO_GENERAL_NEAR = noEffect('no-general-within-2in');
const NO_GENERAL_TO_FRONT = noEffect('no-general-in-range-to-front');
const ENEMY_RECOGNISED = noEffect('enemy-recognised');
const UNSCATHED = noEffect('commander-unscathed');
const SCRATCH_SHRUGGED = noEffect('scratch-shrugged-off');
const HEAVY_BATTERY = noEffect('siege-or-mortar-battery');
/** The result when the re-roll cap ends the event: nothing happens. */
export const REROLL_LIMIT: readonly UnitEventEffect[] = [noEffect('re-roll-limit')];
const COMMANDERS_EVENTS_FOR: readonly UnitEventEffect[] = [0, 1, 2, 3, 4].map((officers) =>
  officers === 0 ? NO_GENERAL_NEAR : { kind: 'commanders-event', officers },
);
const FIRES_ON_FRIENDS: UnitEventEffect = {
  kind: 'fires-on',
  target: 'nearest-friend-to-front',
  when: 'now',
  minInches: 3,
  ifNone: 'flank-stand-fires-at-friends',
};
const FIRES_ON_FRIENDS_IN_WORKS: UnitEventEffect = { ...FIRES_ON_FRIENDS, ifNone: 'no-effect' };
const FIRES_ON_BRIGADIER: UnitEventEffect = {
  kind: 'fires-on-general',
  rank: 'brigadier-or-higher',
  officerRolls: 'commanders-event',
};
const FIRES_ON_ANY_GENERAL: UnitEventEffect = {
  kind: 'fires-on-general',
  rank: 'any-general',
  officerRolls: 'commanders-event',
};

/** The sub-rolls as an entry fills them in. */
export type MutableSubRolls = { -readonly [K in keyof UnitEventSubRolls]: UnitEventSubRolls[K] };

/** Appends to `out` the effects of one template of `entry`, throwing its dice; records them in `sub`. */
export function expandEffect(
  t: UnitEventTemplate,
  entry: UnitEventEntry,
  facts: UnitEventFacts,
  dice: DiceSource,
  out: UnitEventEffect[],
  sub: MutableSubRolls,
  trace: Trace | undefined,
): void {
  switch (t.kind) {
    case 'per-general-within-2in': {
      const n = facts.generalsWithin2in ?? 0;
      out.push(COMMANDERS_EVENTS_FOR[n]!);
      trace?.add({
        rule: entry.rule,
        label: `Generals within 2": ${n}`,
        value: n,
      });
      return;
    }
    case 'roll-commander-hit': {
      const hit = dice.roll(commanderHitRoll, 'commanderHit');
      if (hit === 0) {
        sub.commanderHit = 'dead';
        trace?.add({
          rule: entry.rule,
          label: 'Unit commander hit: dead',
          value: 'dead',
          roll: 'commanderHit',
        });
        pushAll(out, KILLED_EFFECTS);
      } else if (hit === 1) {
        sub.commanderHit = 'wounded';
        trace?.add({
          rule: entry.rule,
          label: 'Unit commander hit: wounded',
          value: 'wounded',
          roll: 'commanderHit',
        });
        wounded(entry, facts, out, trace);
      } else {
        sub.commanderHit = 'scratched';
        const leadership = LEADERSHIP_SCALE[facts.unitCommanderLeadership ?? 'Cautious'];
        trace?.add({
          rule: entry.rule,
          label: 'Unit commander hit: scratched',
          value: 'scratched',
          roll: 'commanderHit',
        });
        const beat = dice.roll(scratchRoll(leadership), 'scratched') === 1;
        sub.scratchBeatLeadership = beat;
        trace?.add({
          rule: musterDefault('Events', "'Scratched': d6 against Leadership 1-6"),
          label: `d6 against his Leadership (${facts.unitCommanderLeadership ?? 'Cautious'}, ${leadership}): ${beat ? 'higher, must Defend' : 'not higher, no effect'}`,
          value: beat,
          roll: 'scratched',
        });
        out.push(beat ? MUST_DEFEND : SCRATCH_SHRUGGED);
      }
      return;
    }
    case 'roll-friend-or-foe': {
      const rides = dice.roll(friendOrFoeRoll, 'friendOrFoe') === 1;
      sub.friendOrFoe = rides ? 'rides-out' : 'enemy-recognised';
      trace?.add({
        rule: entry.rule,
        label: rides ? 'He rides out to point blank range to look' : 'He sees they are the enemy: no effect',
        value: sub.friendOrFoe,
        roll: 'friendOrFoe',
      });
      if (!rides) out.push(ENEMY_RECOGNISED);
      else firedOn(entry, facts, dice, out, sub, trace);
      return;
    }
    case 'roll-colours': {
      const captured = facts.inConfrontation === true;
      const lost = facts.coloursLost ?? 'none';
      if (t.item === 'standard') {
        out.push({
          kind: 'colours-lost',
          colour: 'standard',
          capturedBy: captured ? 'facing-enemy' : 'none',
        });
        out.push(COLOURS_RESOLVE);
      } else if (facts.army !== 'british') {
        out.push({ kind: 'colours-lost', colour: 'colours', capturedBy: captured ? 'facing-enemy' : 'none' });
        out.push(COLOURS_RESOLVE);
      } else if (lost === 'none') {
        const queens = dice.roll(oddD6, 'colour') === 1;
        sub.colour = queens ? 'queens' : 'regimental';
        trace?.add({
          rule: entry.rule,
          label: queens ? "d6 odd: the Queen's Colour" : 'd6 even: the Regimental Colour',
          value: sub.colour,
          roll: 'colour',
        });
        out.push({
          kind: 'colours-lost',
          colour: sub.colour,
          capturedBy: captured ? 'facing-enemy' : 'none',
        });
        out.push(COLOURS_RESOLVE);
      } else {
        const colour = lost === 'regimental' ? 'queens' : 'regimental';
        trace?.add({
          rule: musterDefault('Events', 'British colours: the second colour'),
          label: 'Second colour: the one still carried is lost, -1 more',
          value: colour,
        });
        out.push({ kind: 'colours-lost', colour, capturedBy: captured ? 'facing-enemy' : 'none' });
        out.push(SECOND_COLOUR_RESOLVE);
      }
      if (captured) out.push(COLOURS_CAPTURED);
      return;
    }
    case 'roll-movement': {
      const rolled = dice.roll(movementRoll(t.dice, t.plus), 'inches');
      sub.inches = rolled;
      const inches = t.sign * rolled;
      trace?.add({
        rule: entry.rule,
        label: `${t.dice}d6${t.plus ? `+${t.plus}` : ''}" ${t.sign > 0 ? 'added to' : 'lost from'} the next move`,
        delta: inches,
        value: inches,
        roll: 'inches',
      });
      out.push(
        t.orIfDisordered
          ? { kind: 'movement-change', inches, move: 'next', orIfDisordered: t.orIfDisordered }
          : { kind: 'movement-change', inches, move: 'next' },
      );
      return;
    }
    case 'roll-deploy': {
      let method: 'wheel' | 'flank-march' = 'wheel';
      if (facts.irregular) {
        trace?.add({ rule: entry.rule, label: 'Irregulars deploy by wheeling (no roll)', value: 'wheel' });
      } else {
        method = dice.roll(oddD6, 'deploy') === 1 ? 'flank-march' : 'wheel';
        trace?.add({
          rule: entry.rule,
          label: method === 'wheel' ? 'd6 even: by wheeling' : 'd6 odd: by flank march',
          value: method,
          roll: 'deploy',
        });
      }
      sub.deploy = method;
      out.push({ kind: 'next-order', order: t.order, method });
      return;
    }
    case 'roll-fanatics': {
      const figures = dice.roll(nd6(4), 'fanatics');
      sub.fanatics = figures;
      trace?.add({
        rule: entry.rule,
        label: 'Hidden fanatics (4d6 figures)',
        value: figures,
        roll: 'fanatics',
      });
      out.push({ kind: 'hidden-fanatics', figures, at: 'halfway-through-move' });
      return;
    }
    case 'roll-guns-lost': {
      const rolled = dice.roll(t.roll === 'd6' ? d6 : gunsOnOneOrTwoRoll, 'gunsLost');
      sub.gunsRolled = rolled;
      const guns = facts.guns !== undefined && facts.guns < rolled ? facts.guns : rolled;
      trace?.add({
        rule: entry.rule,
        label:
          guns < rolled ? `Guns lost: ${rolled} rolled, the battery has only ${guns}` : `Guns lost: ${guns}`,
        value: guns,
        roll: 'gunsLost',
      });
      if (guns > 0) out.push({ kind: 'guns-lost', guns, recoverable: t.recoverable });
      return;
    }
    case 'fires-on-friends':
      out.push(facts.defendingWorks ? FIRES_ON_FRIENDS_IN_WORKS : FIRES_ON_FRIENDS);
      return;
    case 'fires-on-general-if-any': {
      if (facts.generalInRangeToFront) {
        out.push(t.rank === 'brigadier-or-higher' ? FIRES_ON_BRIGADIER : FIRES_ON_ANY_GENERAL);
        trace?.add({ rule: entry.rule, label: 'A General is in range to its front', value: true });
      } else if (t.ifNone === 'no-effect') {
        out.push(NO_GENERAL_TO_FRONT);
        trace?.add({ rule: entry.rule, label: 'No General in range to its front: no effect', value: false });
      } else {
        trace?.add({
          rule: musterDefault('Events', 'cavalry fire on their own commander'),
          label: 'No General in range to its front: its own commander is fired on',
          value: false,
        });
        firedOn(entry, facts, dice, out, sub, trace);
      }
      return;
    }
    case 'unless-siege-or-mortar':
      if (facts.siegeOrMortar) {
        out.push(HEAVY_BATTERY);
        trace?.add({ rule: entry.rule, label: 'Mortars or siege guns: ignored', value: 'no effect' });
      } else pushAll(out, t.effects);
      return;
    default:
      out.push(t);
  }
}

/** The unit commander fired on at point blank: d10 1-2 killed, 3-6 wounded, 7-10 unscathed. */
function firedOn(
  entry: UnitEventEntry,
  facts: UnitEventFacts,
  dice: DiceSource,
  out: UnitEventEffect[],
  sub: MutableSubRolls,
  trace: Trace | undefined,
): void {
  const hit = dice.roll(firedOnRoll, 'firedOn');
  sub.firedOn = hit === 0 ? 'killed' : hit === 1 ? 'wounded' : 'unscathed';
  trace?.add({ rule: entry.rule, label: `Fired on: ${sub.firedOn}`, value: sub.firedOn, roll: 'firedOn' });
  if (hit === 0) pushAll(out, KILLED_EFFECTS);
  else if (hit === 1) wounded(entry, facts, out, trace);
  else out.push(UNSCATHED);
}

function wounded(
  entry: UnitEventEntry,
  facts: UnitEventFacts,
  out: UnitEventEffect[],
  trace: Trace | undefined,
) {
  if (facts.unitCommanderWounded) {
    trace?.add({ rule: entry.rule, label: 'His second wound: treated as dead', value: 'dead' });
    pushAll(out, KILLED_EFFECTS);
  } else pushAll(out, WOUNDED_EFFECTS);
}

function pushAll(out: UnitEventEffect[], effects: readonly UnitEventEffect[]): void {
  for (let i = 0; i < effects.length; i++) out.push(effects[i]!);
}
