import { CpCommandSchema, commandPointsPlayable } from './command-points/index.ts';
import type { AnyPlayableRuleSet, PlayableRuleSet } from './engine/battle.ts';
import { perState } from './engine/hosting.ts';
import { HfCommandSchema, honourAndFortitudePlayable } from './honour-and-fortitude/index.ts';
import { computerPlayer } from './john-company/ai/players.ts';
import {
  type CommandManoeuvre,
  type JcCommand,
  JcCommandSchema,
  ManoeuvreSchema,
} from './john-company/commands.ts';
import {
  describeCommand,
  describeEvent,
  describeOffer,
  type Names,
  namesOf,
  type Places,
  placesOf,
} from './john-company/describe.ts';
import type { JcEvent } from './john-company/events.ts';
import { johnCompanyGame, makeJohnCompanyGame } from './john-company/game.ts';
import { commandOdds, planMove } from './john-company/plan.ts';
import { jcStanding } from './john-company/standing.ts';
import type { JcGameState } from './john-company/state.ts';
import { summarizeBattle } from './john-company/summary.ts';
import { reversible } from './john-company/undo.ts';
import { type JcView, scrambleHidden as jcScrambleHidden } from './john-company/view.ts';
import { MdCommandSchema, macduffPlayable } from './macduff/index.ts';

/** John Company's names of units and Generals, once per state; none without a state (ids stand in). */
const jcNames = perState(namesOf);
const namesIn = (state: JcGameState | undefined): Names => (state ? jcNames(state) : new Map());
/** Where its units, objectives and Generals stand, once per state (none without a state). */
const jcPlaces = perState(placesOf);
const placesIn = (state: JcGameState | undefined): Places | undefined =>
  state ? jcPlaces(state) : undefined;

const johnCompany: PlayableRuleSet<JcGameState, JcCommand, JcEvent, JcView> = {
  id: 'john-company',
  title: 'John Company',
  game: johnCompanyGame,
  simulationGame: makeJohnCompanyGame({ traces: false }),
  scrambleHidden: jcScrambleHidden,
  computer: computerPlayer,
  summary: summarizeBattle,
  standing: jcStanding,
  commandSchema: JcCommandSchema,
  turnOf: (state) => state.turn,
  describeCommand: (command, state) => describeCommand(command, namesIn(state), placesIn(state)),
  describeOffer: (command, state) => describeOffer(command, state, namesIn(state), placesIn(state)),
  describeEvent: (event, state) => describeEvent(event, namesIn(state), placesIn(state)),
  planMove: {
    manoeuvres: ManoeuvreSchema.array().min(1).max(8),
    plan: (state, side, unit, manoeuvres) =>
      planMove(state, side, unit, manoeuvres as readonly CommandManoeuvre[]),
  },
  commandOdds,
  reversible,
};

/** Every rule set whose whole battles Muster plays, by rule-set id (src/rulesets/index.ts). */
export const PLAYABLE_RULE_SETS: readonly AnyPlayableRuleSet[] = [
  johnCompany,
  { ...macduffPlayable, commandSchema: MdCommandSchema },
  { ...honourAndFortitudePlayable, commandSchema: HfCommandSchema },
  { ...commandPointsPlayable, commandSchema: CpCommandSchema },
];

export function findPlayableRuleSet(id: string): AnyPlayableRuleSet | undefined {
  return PLAYABLE_RULE_SETS.find((r) => r.id === id);
}
