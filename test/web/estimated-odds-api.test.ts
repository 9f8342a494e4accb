import { describe, expect, it } from 'vitest';
import { ESTIMATE_PLAYS } from '../../src/core/odds/estimate.ts';
import type { CommandOdds } from '../../src/game/engine/battle.ts';
import type { GameStateBase } from '../../src/game/engine/game.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { CommandOddsResponse, CreatedGame } from '../../src/protocol/api.ts';
import { seatKeyClient, serverForTests } from './fixtures.ts';
import { firstPosition } from './positions.ts';

/**
 * The odds of what follows a command, estimated from seeded plays where the exact odds cost too much
 * (Honour & Fortitude's attacks, the command-point rules' combats after a closing end-fire), reach the
 * client through POST /odds marked with how many plays they were counted from; exact odds carry no mark.
 * The positions are found by playing the training battle with the computer on both sides (seed 3: each
 * set shows an exact preview of the same kind a few commands before the first estimated one).
 */
describe('estimated odds through POST /odds', () => {
  const server = serverForTests('estimated-odds');
  const { post } = seatKeyClient(() => server.app);

  const cases = [
    { ruleSet: 'honour-and-fortitude', command: 'attack', named: 'an attack' },
    { ruleSet: 'command-points', command: 'end-fire', named: 'a closing end-fire' },
  ] as const;

  for (const { ruleSet, command: type, named } of cases)
    it(`${ruleSet}: the odds after ${named} are marked estimated past the bound, and unmarked when exact`, async () => {
      const commandOdds = findPlayableRuleSet(ruleSet)!.commandOdds! as (
        state: GameStateBase,
        side: string,
        command: unknown,
      ) => readonly CommandOdds[];
      const of = (wanted: (odds: readonly CommandOdds[]) => boolean) =>
        firstPosition(ruleSet, 3, (state, side, legal) =>
          legal.find((c) => c.type === type && wanted(commandOdds(state, side, c))),
        );
      const estimated = of((odds) => odds.some((o) => o.estimatedFrom !== undefined));
      const procedure = commandOdds(estimated.state, estimated.side, estimated.command).find(
        (o) => o.estimatedFrom !== undefined,
      )!.procedure;
      const exact = of(
        (odds) =>
          odds.some((o) => o.procedure === procedure) && odds.every((o) => o.estimatedFrom === undefined),
      );

      const answer = async (position: typeof estimated) => {
        const created = await post<CreatedGame>('/api/games/import', position.record);
        expect(created.status).toBe(201);
        const r = await post<CommandOddsResponse>(`/api/games/${created.body.id}/odds`, {
          side: position.side,
          command: position.command,
        });
        expect(r.status).toBe(200);
        return r.body.odds.filter((o) => o.procedure === procedure);
      };

      const estimates = await answer(estimated);
      expect(estimates.length).toBeGreaterThan(0);
      for (const o of estimates) {
        expect(o.estimatedFrom, o.title).toBe(ESTIMATE_PLAYS);
        expect(o.charts.length, o.title).toBeGreaterThan(0);
      }
      const exacts = await answer(exact);
      expect(exacts.length).toBeGreaterThan(0);
      for (const o of exacts) expect(o, o.title).not.toHaveProperty('estimatedFrom');
    }, 60_000);
});
