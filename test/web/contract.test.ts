import { describe, expectTypeOf, it } from 'vitest';
import type { JcMovePlan } from '../../src/game/john-company/plan.ts';
import type * as Server from '../../src/server/contract.ts';
import type { Referee } from '../../src/server/referee.ts';
import type * as Web from '../../src/web/api-types.ts';

/**
 * The server and the browser each keep the API's types (shells do not import each other). These
 * checks run in the type-check (`tsc`): what the server sends must be what the browser reads, and what
 * the browser sends must be what the server accepts.
 */
describe('API contract', () => {
  it('the browser reads every response the server sends', () => {
    expectTypeOf<Server.ApiError>().toExtend<Web.ApiError>();
    expectTypeOf<Server.RuleSetList>().toExtend<Web.RuleSetList>();
    expectTypeOf<Server.ProcedureDetail>().toExtend<Web.ProcedureDetail>();
    expectTypeOf<Server.OddsResponse>().toExtend<Web.OddsResponse>();
    expectTypeOf<Server.ResolveResponse>().toExtend<Web.ResolveResponse>();
    expectTypeOf<Server.ScenarioList>().toExtend<Web.ScenarioList>();
    expectTypeOf<Server.GameList>().toExtend<Web.GameList>();
    expectTypeOf<Server.SavedGame>().toExtend<Web.SavedGame>();
    expectTypeOf<Server.AppendCommandResponse>().toExtend<Web.AppendCommandResponse>();
    expectTypeOf<Server.GamePlay>().toExtend<Web.GamePlay>();
    expectTypeOf<Server.ComputerPlayResponse>().toExtend<Web.ComputerPlayResponse>();
    expectTypeOf<Server.MovePlan>().toExtend<Web.MovePlan>();
    expectTypeOf<Server.CommandOddsResponse>().toExtend<Web.CommandOddsResponse>();
  });

  it('the referee answers with the protocol’s bodies, and the game’s plans fit them', () => {
    expectTypeOf<ReturnType<Referee['play']>>().toExtend<Web.GamePlay>();
    expectTypeOf<Awaited<ReturnType<Referee['command']>>>().toExtend<Web.AppendCommandResponse>();
    expectTypeOf<Awaited<ReturnType<Referee['computer']>>>().toExtend<Web.ComputerPlayResponse>();
    expectTypeOf<ReturnType<Referee['planMove']>>().toExtend<Web.MovePlan>();
    expectTypeOf<ReturnType<Referee['odds']>>().toExtend<Web.CommandOddsResponse>();
    expectTypeOf<JcMovePlan>().toExtend<Web.MovePlan>();
  });

  it('the server accepts every request the browser sends', () => {
    expectTypeOf<Web.ResolveRequest>().toExtend<Server.ResolveRequest>();
    expectTypeOf<Web.OddsRequest>().toExtend<Server.OddsRequest>();
    expectTypeOf<Web.CreateGameRequest>().toExtend<Server.CreateGameRequest>();
    expectTypeOf<Web.AppendCommandRequest>().toExtend<Server.AppendCommandRequest>();
    expectTypeOf<Web.ComputerPlayRequest>().toExtend<Server.ComputerPlayRequest>();
    expectTypeOf<Web.PlanMoveRequest>().toExtend<Server.PlanMoveRequest>();
    expectTypeOf<Web.CommandOddsRequest>().toExtend<Server.CommandOddsRequest>();
  });
});
