import type { PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import type { RuleSetModule } from '../rule-set.ts';
import { computerPlayer } from './ai/players.ts';
import { type CommandManoeuvre, type JcCommand, JcCommandSchema, ManoeuvreSchema } from './commands.ts';
import {
  describeCommand,
  describeEvent,
  describeOffer,
  type Names,
  namedPlaces,
  namesOf,
  type Places,
  placesOf,
} from './describe.ts';
import { johnCompanyEntry } from './entry.ts';
import type { JcEvent } from './events.ts';
import { johnCompanyGame, makeJohnCompanyGame } from './game.ts';
import { commandOdds, planMove } from './plan.ts';
import { landmarksFor, type UnitLandmark } from './ride-words.ts';
import { rateJohnCompany } from './roster-ratings.ts';
import { johnCompanyScenario } from './scenario.ts';
import { describeSituation } from './situation.ts';
import { jcStanding } from './standing.ts';
import type { JcGameState } from './state.ts';
import { summarizeBattle } from './summary.ts';
import { reversible } from './undo.ts';
import { commandSeenBy, type JcView, scrambleHidden, unseenCommandText } from './view.ts';

/** John Company's names of units and Generals, once per state; none without a state (ids stand in). */
const jcNames = perState(namesOf);
const namesIn = (state: JcGameState | undefined): Names => (state ? jcNames(state) : new Map());
/** Where its units, objectives and Generals stand, once per state (none without a state). */
const jcPlaces = perState(placesOf);
const placesIn = (state: JcGameState | undefined, scenarioNames?: Names): Places | undefined =>
  state ? namedPlaces(jcPlaces(state), scenarioNames) : undefined;

/** The units a ride offered to a General's side may be placed by (`landmarksFor`); none for other commands. */
function rideLandmarks(command: JcCommand, state: JcGameState | undefined): UnitLandmark[] | undefined {
  if (!state || command.type !== 'move-general') return undefined;
  const side = state.generals[command.general]?.side;
  return side === undefined ? undefined : landmarksFor(state, side, namesIn(state));
}

/** John Company's whole battle: the game, its computer opponent, its log's wording and its previews. */
export const johnCompanyPlayable: PlayableRuleSet<JcGameState, JcCommand, JcEvent, JcView> = {
  id: johnCompanyEntry.id,
  title: johnCompanyEntry.title,
  game: johnCompanyGame,
  simulationGame: makeJohnCompanyGame({ traces: false }),
  scrambleHidden,
  computer: computerPlayer,
  summary: summarizeBattle,
  standing: jcStanding,
  commandSchema: JcCommandSchema,
  turnOf: (state) => state.turn,
  describeCommand: (command, state, scenarioNames) =>
    describeCommand(command, namesIn(state), placesIn(state, scenarioNames)),
  describeOffer: (command, state, scenarioNames) =>
    describeOffer(
      command,
      state,
      namesIn(state),
      placesIn(state, scenarioNames),
      rideLandmarks(command, state),
    ),
  describeEvent: (event, state, scenarioNames) =>
    describeEvent(
      event,
      scenarioNames ? new Map([...namesIn(state), ...scenarioNames]) : namesIn(state),
      placesIn(state, scenarioNames),
    ),
  describeSituation: (view, latest, sideName) => describeSituation(view, jcNames(latest), sideName),
  commandSeenBy,
  unseenCommandText,
  planMove: {
    manoeuvres: ManoeuvreSchema.array().min(1).max(8),
    plan: (state, side, unit, manoeuvres) =>
      planMove(state, side, unit, manoeuvres as readonly CommandManoeuvre[]),
  },
  commandOdds,
  reversible,
};

/** John Company as the shells see it (src/game/rule-set.ts). */
export const johnCompany: RuleSetModule = {
  ...johnCompanyEntry,
  playable: johnCompanyPlayable,
  rateUnit: rateJohnCompany,
  scenario: johnCompanyScenario,
};
