/**
 * The battle log's wording lives with the game (src/game/john-company/describe.ts), so that the server's
 * game log words commands and events as the CLI does.
 */
export {
  describeCommand,
  describeEvent,
  type Names,
  namesOf,
  orderName,
} from '../game/john-company/describe.ts';
