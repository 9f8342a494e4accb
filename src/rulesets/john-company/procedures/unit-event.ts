import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import {
  d6,
  d6Plus3,
  d10,
  defineRoll,
  nd6,
  oddD6,
  type RollSpec,
  twoD6Plus3,
} from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { RangeTable } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { LEADERSHIP_SCALE } from '../tables/officers.ts';
import {
  bandLabel,
  EVENT_ARMIES,
  type EventArmy,
  isFixedEffect,
  MAX_REROLLS,
  MAX_REROLLS_RULE,
  REROLL_CONDITIONS,
  type RerollCondition,
  rerollMaskOf,
  UNIT_EVENT_TABLES,
  type UnitEventEffect,
  type UnitEventEntry,
  type UnitEventId,
  type UnitEventTemplate,
  unitEventRoll,
} from '../tables/unit-events.ts';
import { ARMS, type Arm, jc4, LEADERSHIPS, type Leadership, musterDefault } from '../vocabulary.ts';

export const COLOURS_LOST_STATES = ['none', 'regimental', 'queens', 'all'] as const;
export type ColoursLostState = (typeof COLOURS_LOST_STATES)[number];
export const BATTERY_MOVES = ['none', 'prolonge', 'limbered'] as const;
export type BatteryMove = (typeof BATTERY_MOVES)[number];

/** What a unit event depends on: the unit, and the few things on the table its entries ask about. */
export interface UnitEventFacts {
  readonly arm: Arm;
  readonly army: EventArmy;
  readonly irregular?: boolean;
  readonly raining?: boolean;
  readonly inConfrontation?: boolean;
  readonly generalsWithin2in?: number;
  readonly generalInRangeToFront?: boolean;
  readonly unitCommanderLeadership?: Leadership;
  readonly unitCommanderWounded?: boolean;
  readonly coloursLost?: ColoursLostState;
  readonly defendingWorks?: boolean;
  readonly defendOrders?: boolean;
  readonly batteryMove?: BatteryMove;
  readonly underArtilleryFire?: boolean;
  readonly siegeOrMortar?: boolean;
  readonly guns?: number;
}

/** What the entry's own dice showed, as the entry reads them (the faces are in the roll record). */
export interface UnitEventSubRolls {
  readonly commanderHit?: 'dead' | 'wounded' | 'scratched';
  /** Scratched: whether the d6 beat his Leadership (so the next order must be Defend). */
  readonly scratchBeatLeadership?: boolean;
  readonly friendOrFoe?: 'enemy-recognised' | 'rides-out';
  readonly firedOn?: 'killed' | 'wounded' | 'unscathed';
  readonly colour?: 'regimental' | 'queens';
  /** The dice total for a movement entry (before its sign). */
  readonly inches?: number;
  readonly deploy?: 'wheel' | 'flank-march';
  readonly fanatics?: number;
  /** Guns the dice called for (the effect never exceeds the battery). */
  readonly gunsRolled?: number;
}

export interface UnitEventResult {
  readonly arm: Arm;
  /** The percentile band of the entry, e.g. '05-14'; absent when the re-roll cap ended the event. */
  readonly band?: string;
  readonly entry?: UnitEventId;
  /**
   * How many times the percentile was rolled again because the entry did not apply. (The exact odds
   * give the distribution of the entry that finally applies, so they always show 0 here.)
   */
  readonly rerolls: number;
  readonly effects: readonly UnitEventEffect[];
  readonly subRolls: UnitEventSubRolls;
}

// --- The entries' sub-rolls, read only as far as the entry needs (fewer branches for the exact odds).
const D6_DIE = d6.dice[0]!;
const D10_DIE = d10.dice[0]!;

/** The unit commander hit: 1-2 dead (0), 3-5 wounded (1), 6 scratched (2). */
export const commanderHitRoll = defineRoll({
  id: 'jc-commander-hit',
  label: '1d6 (1-2 dead, 3-5 wounded, 6 scratched)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : f[0]! <= 5 ? 1 : 2),
  draw: (p) => {
    const f = 1 + p.int(6);
    return f <= 2 ? 0 : f <= 5 ? 1 : 2;
  },
});
/** Friend or foe: 1-2 he sees they are the enemy (0); 3-6 he rides out to look (1). */
export const friendOrFoeRoll = defineRoll({
  id: 'jc-friend-or-foe',
  label: '1d6 (1-2 no effect, 3-6 rides out)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : 1),
  draw: (p) => (p.int(6) < 2 ? 0 : 1),
});
/** An officer fired on at point blank: 1-2 killed (0), 3-6 wounded (1), 7-10 unscathed (2). */
export const firedOnRoll = defineRoll({
  id: 'jc-officer-fired-on',
  label: '1d10 (1-2 killed, 3-6 wounded, 7-10 unscathed)',
  dice: [D10_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : f[0]! <= 6 ? 1 : 2),
  draw: (p) => {
    const f = 1 + p.int(10);
    return f <= 2 ? 0 : f <= 6 ? 1 : 2;
  },
});
/** A d6 whose 1 or 2 is that many guns lost; 3-6 none (0). */
export const gunsOnOneOrTwoRoll = defineRoll({
  id: 'jc-guns-on-1-or-2',
  label: '1d6 (1 or 2: that many guns lost)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? f[0]! : 0),
  draw: (p) => {
    const f = 1 + p.int(6);
    return f <= 2 ? f : 0;
  },
});
const scratchRolls: RollSpec[] = [];
/** Scratched: 1 when the d6 is higher than his Leadership on the 1-6 scale, else 0. */
export function scratchRoll(leadership: number): RollSpec {
  let spec = scratchRolls[leadership];
  if (!spec) {
    spec = defineRoll({
      id: `jc-scratched-above-${leadership}`,
      label: `1d6 (above ${leadership}: must Defend)`,
      dice: [D6_DIE],
      combine: (f) => (f[0]! > leadership ? 1 : 0),
      draw: (p) => (1 + p.int(6) > leadership ? 1 : 0),
    });
    scratchRolls[leadership] = spec;
  }
  return spec;
}
function movementRoll(dice: 1 | 2, plus: 0 | 3): RollSpec {
  if (dice === 1) return plus === 0 ? d6 : d6Plus3;
  return plus === 0 ? nd6(2) : twoD6Plus3;
}

// --- Fixed results, shared (never mutated).
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
const REROLL_LIMIT: readonly UnitEventEffect[] = [noEffect('re-roll-limit')];
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
const NO_SUBROLLS: UnitEventSubRolls = Object.freeze({});

/** Entries whose effects are all fixed: their effects array is shared by every result. */
function fixedEffects(entry: UnitEventEntry): readonly UnitEventEffect[] | undefined {
  for (const t of entry.effects) if (!isFixedEffect(t)) return undefined;
  return entry.effects as readonly UnitEventEffect[];
}

interface ArmData {
  readonly table: RangeTable<UnitEventEntry>;
  readonly masks: Readonly<Record<RerollCondition, number>>;
  readonly bands: readonly string[];
  readonly fixed: readonly (readonly UnitEventEffect[] | undefined)[];
  /** "05-14 Unit commander hit ...", by band, for the odds view. */
  readonly titles: ReadonlyMap<string, string>;
}
function armData(arm: Arm): ArmData {
  const table = UNIT_EVENT_TABLES[arm];
  const masks = Object.fromEntries(REROLL_CONDITIONS.map((c) => [c, rerollMaskOf(table, c)])) as Record<
    RerollCondition,
    number
  >;
  const bands = table.rows.map((r) => bandLabel(r.from, r.to));
  return {
    table,
    masks,
    bands,
    fixed: table.rows.map((r) => fixedEffects(r.result)),
    titles: new Map(table.rows.map((r, i) => [bands[i]!, `${bands[i]} ${r.result.label}`])),
  };
}
const ARM_DATA: Readonly<Record<Arm, ArmData>> = {
  infantry: armData('infantry'),
  cavalry: armData('cavalry'),
  artillery: armData('artillery'),
};

/** The rows that are rolled again for this unit, as a bit mask (one bit per row). */
export function rerollMask(facts: UnitEventFacts): number {
  const m = ARM_DATA[facts.arm].masks;
  let mask = 0;
  if (facts.raining) mask |= m.raining;
  if (facts.army === 'native') mask |= m.native;
  if (facts.army === 'british') mask |= m.british;
  if (facts.coloursLost === 'all') mask |= m['no-colours-left'];
  if (facts.defendOrders) mask |= m['defend-orders'];
  const move = facts.batteryMove ?? 'none';
  if (move === 'none') mask |= m['not-moving'];
  if (move !== 'limbered') mask |= m['prolonged-or-not-moved'];
  if (!facts.underArtilleryFire) mask |= m['not-under-artillery-fire'];
  return mask;
}

type MutableSubRolls = { -readonly [K in keyof UnitEventSubRolls]: UnitEventSubRolls[K] };

/**
 * A unit event (Part 4, Events; the Infantry, Cavalry and Artillery Events Tables): the percentile,
 * read as the table's row; rolled again while the row is one the text says to ignore for this unit
 * (at most MAX_REROLLS times, then nothing happens); then the entry's own dice, in the order the
 * entry names them; the result is the entry's effects with every die resolved into numbers.
 */
export function resolveUnitEvent(facts: UnitEventFacts, dice: DiceSource, trace?: Trace): UnitEventResult {
  const arm = facts.arm;
  const data = ARM_DATA[arm];
  const table = data.table;
  const spec = unitEventRoll(arm, rerollMask(facts));
  let rerolls = 0;
  let row = dice.roll(spec, 'event');
  while (row < 0) {
    trace?.add({
      rule: jc4(table.title, 'ignore and roll again'),
      label: 'The entry rolled does not apply to this unit: roll again',
      value: 'roll again',
      roll: 'event',
    });
    if (rerolls >= MAX_REROLLS) {
      trace?.add({
        rule: MAX_REROLLS_RULE,
        label: `Re-roll limit (${MAX_REROLLS}) reached: no event`,
        value: 'no event',
      });
      return { arm, rerolls, effects: REROLL_LIMIT, subRolls: NO_SUBROLLS };
    }
    rerolls++;
    row = dice.roll(spec, 'event');
  }
  const entry = table.rows[row]!.result;
  const band = data.bands[row]!;
  trace?.add({
    rule: entry.rule,
    label: `${table.title} ${band}: ${entry.label}`,
    value: entry.id,
    roll: 'event',
  });
  const fixed = data.fixed[row];
  if (fixed) return { arm, band, entry: entry.id, rerolls, effects: fixed, subRolls: NO_SUBROLLS };

  const effects: UnitEventEffect[] = [];
  const sub: MutableSubRolls = {};
  for (let i = 0; i < entry.effects.length; i++)
    expand(entry.effects[i]!, entry, facts, dice, effects, sub, trace);
  return { arm, band, entry: entry.id, rerolls, effects, subRolls: sub };
}

function expand(
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

/** A few words per effect, in Muster's words. */
export function describeUnitEventEffect(e: UnitEventEffect): string {
  switch (e.kind) {
    case 'commanders-event':
      return `Roll the Commanders' Events Table for each of the ${e.officers} General(s) within 2"`;
    case 'unit-commander-casualty':
      return `Unit commander ${e.severity}`;
    case 'reaction-modifier': {
      const when =
        e.tests === 'next'
          ? 'next test'
          : e.tests === 'all-future'
            ? 'all future tests'
            : 'every test after the next';
      return `${e.unit === 'self' ? 'Unit' : 'Facing enemy unit'}: ${e.amount > 0 ? '+' : ''}${e.amount} on ${when} (${e.modifier})`;
    }
    case 'resolve-change':
      return `Resolve Level ${e.amount > 0 ? '+' : ''}${e.amount} for the rest of the game`;
    case 'colours-lost': {
      const what = {
        regimental: 'Regimental Colour',
        queens: "Queen's Colour",
        colours: 'Colours',
        standard: 'Standard',
      }[e.colour];
      return `${what} lost${e.capturedBy === 'facing-enemy' ? ', taken by the facing enemy' : ''}`;
    }
    case 'movement-change':
      return `${e.inches > 0 ? '+' : ''}${e.inches}" on its next move${e.orIfDisordered ? ' (or, if disordered, reform with no movement penalty)' : ''}`;
    case 'disordered':
      return 'Disordered';
    case 'fire-halved':
      return 'Next shot at half its Final Fire Factor';
    case 'next-order': {
      const extras = [
        e.target ? `at the ${e.target.replace(/-/g, ' ')}` : '',
        e.regardlessOfRange ? 'at any range' : '',
        e.method ? `by ${e.method.replace('-', ' ')}` : '',
        e.mayChooseSquare ? 'square allowed' : '',
      ].filter(Boolean);
      return `Next order: ${e.order}${extras.length ? ` (${extras.join(', ')})` : ''}`;
    }
    case 'without-orders-next-test':
      return 'Next Reaction Test on the Without Orders row';
    case 'fires-on':
      return `Fires ${e.when === 'now' ? 'now' : 'with its next fire'} on the ${e.target.replace(/-/g, ' ')}${e.minInches ? ` (${e.minInches}" or more away)` : ''}; if none: ${e.ifNone.replace(/-/g, ' ')}`;
    case 'fires-on-general':
      return `Fires on the ${e.rank === 'brigadier-or-higher' ? 'Brigadier or higher' : 'General'} in range to its front: he rolls on the Commanders' Events Table`;
    case 'quit-the-battle':
      return `Quits the battle${e.formation ? ` (${e.formation.replace(/-/g, ' ')})` : ''} until ${e.until === 'brigadier-or-higher-gives-orders' ? 'a Brigadier or higher joins it and re-orders it' : 'a General joins it and re-orders it for the next turn'}`;
    case 'hidden-fanatics':
      return `${e.figures} hidden fanatics halfway through its move: stop and fight a Confrontation now`;
    case 'guns-lost':
      return `${e.guns} gun(s) lost${e.recoverable ? ' (recovered if friends hold the field)' : ''}`;
    case 'stop-and-deploy':
      return 'If limbered or moving: stops and deploys at once';
    case 'no-effect':
      return `No effect (${e.reason.replace(/-/g, ' ')})`;
  }
}

const kindsCache = new WeakMap<readonly UnitEventEffect[], string>();
/** The effects' kinds joined, cached for the tables' shared effect lists (the odds views run per path). */
function effectKinds(effects: readonly UnitEventEffect[]): string {
  let kinds = kindsCache.get(effects);
  if (kinds === undefined) {
    kinds = effects.map((e) => e.kind).join(' + ');
    kindsCache.set(effects, kinds);
  }
  return kinds;
}

const ARTILLERY_ONLY = [
  'defendOrders',
  'batteryMove',
  'underArtilleryFire',
  'siegeOrMortar',
  'guns',
] as const;

export const unitEventFactsSchema = z
  .object({
    arm: z.enum(ARMS).describe('Which table: infantry, cavalry or artillery'),
    army: z
      .enum(EVENT_ARMIES)
      .describe(
        "british: the Crown or Company army (Europeans and sepoys); native: an Indian power's army or its allies; other: e.g. the French",
      ),
    irregular: z
      .boolean()
      .optional()
      .describe('Irregular unit: deploys by wheeling, with no roll (default false)'),
    raining: z
      .boolean()
      .optional()
      .describe('It is raining: dust and smoke entries are rolled again (default false)'),
    inConfrontation: z
      .boolean()
      .optional()
      .describe(
        'The event came from a Confrontation or Close Combat: lost colours are taken by the facing enemy (default false)',
      ),
    generalsWithin2in: z
      .number()
      .int()
      .min(0)
      .max(4)
      .optional()
      .describe(
        'Brigadiers or higher within 2": each rolls on the Commanders\' Events Table on 00-04 (default 0)',
      ),
    generalInRangeToFront: z
      .boolean()
      .optional()
      .describe('A General Officer is in range to its front (the fire-on-a-General entries; default false)'),
    unitCommanderLeadership: z
      .enum(LEADERSHIPS)
      .optional()
      .describe(
        "The unit commander's Leadership for a 'Scratched' result, rolled against on 1-6 (default Cautious = 3)",
      ),
    unitCommanderWounded: z
      .boolean()
      .optional()
      .describe('The unit commander is already wounded: a second wound kills him (default false)'),
    coloursLost: z
      .enum(COLOURS_LOST_STATES)
      .optional()
      .describe(
        'Colours already lost: none, regimental or queens (British infantry: one of two), all (nothing left: the entry is rolled again). Default none',
      ),
    defendingWorks: z
      .boolean()
      .optional()
      .describe(
        'Infantry defending entrenchments or walls: no fire into friends to the flank (default false)',
      ),
    defendOrders: z
      .boolean()
      .optional()
      .describe('Artillery with Defend orders: the ground entries (20-31) are rolled again (default false)'),
    batteryMove: z
      .enum(BATTERY_MOVES)
      .optional()
      .describe('How the battery moves this turn: none, prolonge, or limbered (default none)'),
    underArtilleryFire: z
      .boolean()
      .optional()
      .describe(
        'Artillery under artillery fire this turn: otherwise a caisson explosion is rolled again (default false)',
      ),
    siegeOrMortar: z
      .boolean()
      .optional()
      .describe(
        'Mortars or siege guns (Gubara, Kalan): the Prolonge And Fire entry has no effect (default false)',
      ),
    guns: z
      .number()
      .int()
      .min(1)
      .max(24)
      .optional()
      .describe('Guns left in the battery: no more can be lost (default: no limit)'),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.arm !== 'artillery') {
      for (const key of ARTILLERY_ONLY)
        if (f[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} applies to artillery only` });
    }
    if (f.defendingWorks !== undefined && f.arm !== 'infantry')
      ctx.addIssue({
        code: 'custom',
        path: ['defendingWorks'],
        message: 'defendingWorks applies to infantry only',
      });
    if (f.coloursLost !== undefined && f.arm === 'artillery')
      ctx.addIssue({ code: 'custom', path: ['coloursLost'], message: 'artillery carries no colours' });
    if (
      (f.coloursLost === 'regimental' || f.coloursLost === 'queens') &&
      !(f.arm === 'infantry' && f.army === 'british')
    )
      ctx.addIssue({
        code: 'custom',
        path: ['coloursLost'],
        message: 'only British infantry carry two colours; use none or all',
      });
  });

export const unitEvent: ProcedureDefinition<UnitEventFacts, UnitEventResult> = {
  id: 'unit-event',
  title: 'Unit Event',
  summary: 'What an event does to an infantry, cavalry or artillery unit (the d100 Events Tables).',
  rule: jc4('Events'),
  facts: unitEventFactsSchema as z.ZodType<UnitEventFacts>,
  rolls: [
    {
      key: 'event',
      dice: 'percentile 00-99',
      when: 'always; again while the entry does not apply to the unit',
    },
    { key: 'commanderHit', dice: '1d6', when: 'unit commander hit (05-14)' },
    { key: 'scratched', dice: '1d6', when: 'the commander is scratched (against his Leadership)' },
    { key: 'friendOrFoe', dice: '1d6', when: 'infantry friend or foe (50-54)' },
    {
      key: 'firedOn',
      dice: '1d10',
      when: 'the commander rides out and is fired on; or cavalry 88-90 with no General to its front',
    },
    { key: 'colour', dice: '1d6 (odd or even)', when: 'British infantry colours, none lost yet (20-34)' },
    { key: 'inches', dice: '1d6, 1d6+3, 2d6 or 2d6+3', when: 'ground entries' },
    { key: 'gunsLost', dice: '1d6', when: 'artillery nullah (26-28) or caisson (70-85)' },
    { key: 'deploy', dice: '1d6 (odd or even)', when: 'deploy right or left, regulars only' },
    { key: 'fanatics', dice: '4d6', when: 'hidden fanatics' },
  ],
  examples: [
    {
      title: 'British infantry under fire: 07, the commander is hit; d6 4, wounded',
      facts: { arm: 'infantry', army: 'british' },
      dice: [7, 4],
    },
    {
      title:
        "British infantry in a Confrontation: 25, colours lost; d6 3, the Queen's Colour, taken by the enemy",
      facts: { arm: 'infantry', army: 'british', inConfrontation: true },
      dice: [25, 3],
    },
    {
      title: 'Native horse: 57, hidden fanatics (natives roll again); 40, very rough ground, 2d6 3+5 = -8"',
      facts: { arm: 'cavalry', army: 'native', irregular: true },
      dice: [57, 40, 3, 5],
    },
    {
      title:
        'A British field battery moving limbered under artillery fire: 75, caisson explodes; d6 4 guns of 6',
      facts: {
        arm: 'artillery',
        army: 'british',
        batteryMove: 'limbered',
        underArtilleryFire: true,
        guns: 6,
      },
      dice: [75, 4],
    },
    {
      title:
        'Infantry in the rain: 48 (dust, roll again); 52, friend or foe; d6 5 he rides out; d10 2, killed',
      facts: { arm: 'infantry', army: 'other', raining: true },
      dice: [48, 52, 5, 2],
    },
  ],
  resolve: resolveUnitEvent,
  odds: [
    {
      name: 'Entry',
      project: (r) => (r.band ? ARM_DATA[r.arm].titles.get(r.band)! : 'No event (re-roll limit)'),
    },
    { name: 'Effect kinds', project: (r) => effectKinds(r.effects) },
    {
      name: 'Movement change (inches)',
      project: (r) => {
        for (const e of r.effects) if (e.kind === 'movement-change') return e.inches;
        return 'none';
      },
    },
  ],
  describe: (r) => [
    r.band
      ? `${UNIT_EVENT_TABLES[r.arm].title} ${ARM_DATA[r.arm].titles.get(r.band)}${r.rerolls ? ` (after ${r.rerolls} re-roll${r.rerolls > 1 ? 's' : ''})` : ''}`
      : `${UNIT_EVENT_TABLES[r.arm].title}: no event, the re-roll limit was reached`,
    ...r.effects.map((e) => `- ${describeUnitEventEffect(e)}`),
  ],
};
