import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bearing } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import type { CommandOdds, GamePlay } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { routeHref } from '../router.ts';
import { OddsBeforeDice } from '../table/Dice.tsx';
import { BattleLog, Scrubber, turnStarts } from '../table/Log.tsx';
import { SessionFrame } from '../table/SessionFrame.tsx';
import { seatMode, seatWords } from '../table/seats.ts';
import type { Zone } from '../table/Terrain.tsx';
import { WatchControls } from '../table/WatchControls.tsx';
import { type SideNames, sideName } from '../table/words.ts';
import {
  commandsForUnit,
  firesAt,
  type GameCommand,
  groupByUnit,
  type LegalItem,
  legalItems,
  pointCommands,
  typeTitle,
} from './commands.ts';
import { AttackPlanner, MovePlanner, UnitMeasures } from './MovePlanner.tsx';
import { type AidChoice, AidsOverlay, AttackGhost, MoveGhost, type SightLine } from './Overlays.tsx';
import { DecisionPanel, LastCommand, UnitPanel } from './Panels.tsx';
import { panelWords } from './panel-words.ts';
import {
  actingUnit,
  drawnTable,
  generalName,
  stageOf,
  turnOf,
  unitEntry,
  unitFacts,
  unitIds,
  unitName,
} from './reading.ts';
import { TableView } from './TableView.tsx';
import { tableAidsOf } from './table-aids.ts';
import { type GameSession, useGameSession } from './useGameSession.ts';

/**
 * The virtual table for a battle of any rule set but John Company (`#/play/<game id>`, chosen by
 * GamePage): the rule set's view drawn to scale, a unit's state from the view, the deciding seat's legal
 * commands as buttons (and at a point picked on the table, for commands that carry one), the battle log
 * and the replay scrubber. Seats as John Company's table: hot seat hands the screen over, the computer
 * plays its seats, a side played on another screen is waited for, and computer against computer is
 * watched; a page holding no seat of the game shows the spectator's view.
 */
export function AnyTablePage({ gameId }: { readonly gameId: string }): ReactNode {
  const session = useGameSession(gameId);
  const { summary, seating } = session;
  const [sides, setSides] = useState<SideNames>({});
  const [zones, setZones] = useState<readonly Zone[]>([]);
  const scenarioId = summary?.scenario.id;
  useEffect(() => {
    if (scenarioId === undefined) return;
    void api.scenario(scenarioId).then((r) => {
      if (!r.ok) return;
      setSides(Object.fromEntries(r.body.sides.map((s) => [s.id, s.name])));
      setZones(r.body.deployment);
    });
  }, [scenarioId]);

  return (
    <SessionFrame
      session={session}
      sides={sides}
      subtitle={
        summary && seating
          ? `${summary.scenario.title} · ${summary.ruleSet} · ${seatWords(seating, sides)}`
          : undefined
      }
      passHint="Read what happened, then hand the screen over."
      table={(play, viewer) => (
        <Table key={viewer} session={session} play={play} sides={sides} zones={zones} />
      )}
    />
  );
}

function Table(props: {
  readonly session: GameSession;
  readonly play: GamePlay;
  readonly sides: SideNames;
  readonly zones: readonly Zone[];
}): ReactNode {
  const { session, play, sides } = props;
  const { view } = play;
  const viewer = session.viewer!;
  const live = play.at === play.total;
  const deciding = live && play.decider === viewer;
  const table = useMemo(() => drawnTable(view), [view]);
  const items = useMemo(() => legalItems(play.legal, play.legalText), [play]);
  const units = useMemo(() => unitIds(view), [view]);
  const acting = actingUnit(view);

  const [selected, setSelected] = useState<string>();
  useEffect(() => {
    if (acting !== undefined && deciding) setSelected(acting);
  }, [acting, deciding]);
  const selectedUnit = selected !== undefined && units.has(selected) ? selected : undefined;

  // Sides coloured in the game's order of its seats (the scenario's order of sides).
  const sideKey = Object.keys(play.game.players).join('\n');
  const sideClass = useMemo(() => {
    const order = sideKey.split('\n');
    return (side: string) => `side-${Math.max(0, order.indexOf(side))}`;
  }, [sideKey]);
  const describeUnit = useCallback((unit: string) => unitLine(view, unit), [view]);
  const describeGeneral = useCallback(
    (general: string) => {
      const name = generalName(view, general);
      return name.charAt(0).toUpperCase() + name.slice(1);
    },
    [view],
  );
  const nameOfUnit = useCallback((unit: string) => unitName(view, unit), [view]);

  const [turns, setTurns] = useState<{ turn: number; index: number }[]>([]);
  const turn = turnOf(view);
  useEffect(() => {
    if (play.at === play.total) setTurns(turnStarts(play.log, turn ?? 1, play.total));
  }, [play, turn]);

  // Commands at a point picked on the table: the selected unit's, or those naming no unit.
  const atPoint = useMemo(() => {
    if (!deciding) return [];
    const offered =
      selectedUnit === undefined
        ? items.filter((i) => i.command['unit'] === undefined)
        : commandsForUnit(items, selectedUnit, units, acting);
    return pointCommands(offered);
  }, [deciding, items, selectedUnit, units, acting]);
  const [picked, setPicked] = useState<Point>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a point belongs to the position it was picked in.
  useEffect(() => setPicked(undefined), [play.total]);

  // The rule set's aids for the selected unit: its ranges, reach and sight drawn, and a move planned
  // to a point picked on the table, with its facing there.
  const aids = tableAidsOf(session.summary?.ruleSet);
  const [choice, setChoice] = useState<AidChoice>({ ranges: true, reach: true, charge: false, sight: false });
  const front = selectedUnit !== undefined ? aids?.front(view, selectedUnit) : undefined;
  const measures = useMemo(
    () =>
      aids && selectedUnit !== undefined
        ? {
            ranges: aids.weaponRanges(view, selectedUnit),
            reach: aids.reach(view, selectedUnit),
            charge: aids.chargeReach(view, selectedUnit),
          }
        : undefined,
    [aids, view, selectedUnit],
  );
  const sight = useMemo((): SightLine[] => {
    if (!aids || !table || selectedUnit === undefined || !choice.sight) return [];
    const own = table.units.find((u) => u.id === selectedUnit)?.side;
    return table.units
      .filter((u) => u.side !== own && u.stands.length > 0)
      .map((u) => ({
        target: u.id,
        to: {
          x: u.stands.reduce((t, s) => t + s.x, 0) / u.stands.length,
          y: u.stands.reduce((t, s) => t + s.y, 0) / u.stands.length,
        },
        seen: aids.lineOfSight(view, selectedUnit, u.id),
        name: unitName(view, u.id),
      }));
  }, [aids, table, view, selectedUnit, choice.sight]);
  const canPlan = useMemo(
    () =>
      deciding &&
      aids !== undefined &&
      selectedUnit !== undefined &&
      aids.mayMove(view, viewer, selectedUnit),
    [deciding, aids, view, viewer, selectedUnit],
  );
  const [target, setTarget] = useState<{ readonly to: Point; readonly facing: number }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a plan belongs to the unit and the position it was made in.
  useEffect(() => setTarget(undefined), [play.total, selectedUnit]);
  const plan = useMemo(
    () =>
      canPlan && target && aids && selectedUnit !== undefined
        ? aids.moveTo(view, viewer, selectedUnit, target.to, target.facing)
        : undefined,
    [canPlan, target, aids, view, viewer, selectedUnit],
  );
  // An enemy unit clicked to plan an attack on (planned further down).
  const [attacked, setAttacked] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: an attack belongs to the unit and the position it was planned in.
  useEffect(() => setAttacked(undefined), [play.total, selectedUnit]);
  const planTo = (to: Point) => {
    if (!front) return;
    const far = Math.hypot(to.x - front.x, to.y - front.y) > 0.05;
    setAttacked(undefined);
    setTarget({ to, facing: far ? bearing(front.x, front.y, to.x, to.y) : front.facing });
  };
  // The facing grip dragged: the ghost turns to face the pointer, to the whole degree.
  const turnToward = (toward: Point) => {
    if (!target || Math.hypot(toward.x - target.to.x, toward.y - target.to.y) < 0.2) return;
    const facing = Math.round(bearing(target.to.x, target.to.y, toward.x, toward.y)) % 360;
    if (facing !== target.facing) setTarget({ to: target.to, facing });
  };

  // An attack planned on an enemy unit clicked while one of the player's units is selected.
  const sideOf = (unit: string) => table?.units.find((u) => u.id === unit)?.side;
  const mayPlanAttack =
    deciding && aids !== undefined && selectedUnit !== undefined && sideOf(selectedUnit) === viewer;
  const attack = useMemo(
    () =>
      mayPlanAttack && attacked !== undefined && aids && selectedUnit !== undefined
        ? aids.attackOn(view, viewer, selectedUnit, attacked, play.legal)
        : undefined,
    [mayPlanAttack, attacked, aids, view, viewer, selectedUnit, play.legal],
  );
  const fires = useMemo(
    () =>
      mayPlanAttack && attacked !== undefined && selectedUnit !== undefined
        ? firesAt(items, selectedUnit, attacked, acting)
        : [],
    [mayPlanAttack, attacked, selectedUnit, items, acting],
  );
  const attackText = (command: GameCommand, words: string) =>
    items.find((i) => JSON.stringify(i.command) === JSON.stringify(command))?.label ??
    `${unitName(view, selectedUnit ?? '')}: ${words}`;
  const clickUnit = (unit: string | undefined) => {
    const side = unit === undefined ? undefined : sideOf(unit);
    if (unit !== undefined && mayPlanAttack && side !== undefined && side !== viewer) {
      setTarget(undefined);
      setAttacked(unit);
    } else select(unit);
  };
  // On a phone the panel sits below the table: brought into view when a unit is selected there.
  const unitRef = useRef<HTMLDivElement>(null);
  const select = (unit: string | undefined) => {
    setSelected(unit);
    if (unit !== undefined && window.matchMedia('(max-width: 999px)').matches)
      requestAnimationFrame(() => unitRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };

  // A command that throws dice waits while the player reads its exact odds (the rule set's preview,
  // POST /api/games/:id/odds); any other, or one whose odds the server cannot give, goes at once.
  const [pending, setPending] = useState<{
    readonly command: GameCommand;
    readonly text: string;
    readonly odds: readonly CommandOdds[];
  }>();
  const [asking, setAsking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a command waits in the position it was chosen in.
  useEffect(() => setPending(undefined), [play.total]);
  const choose = async (command: GameCommand, text: string) => {
    setAsking(true);
    const r = await api.commandOdds(play.game.id, { side: viewer, command });
    setAsking(false);
    if (r.ok && r.body.odds.length > 0) setPending({ command, text, odds: r.body.odds });
    else void session.give(command);
  };
  const give = (item: LegalItem) => void choose(item.command, item.label);
  // The odds open at the top of the side column: brought into view from a button low in the list.
  const oddsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pending) oddsRef.current?.scrollIntoView({ block: 'nearest' });
  }, [pending]);
  const busy = session.busy || asking;
  const stage = stageOf(view);
  // The rule set's own words for its units and where the battle stands, else the view's fields.
  const words = panelWords(session.summary?.ruleSet);
  const facts =
    selectedUnit === undefined
      ? []
      : words
        ? words.unitFacts(view, selectedUnit, (side) => sideName(sides, side))
        : unitFacts(view, selectedUnit, sides);
  return (
    <div className="play-layout">
      <div className="play-main">
        <p className="play-status" role="status" aria-live="polite">
          {turn === undefined ? null : <strong>Turn {turn} · </strong>}
          {stage === undefined ? '' : `${stage} · `}
          {play.result
            ? `the battle is over: ${play.result.winner ? `${sideName(sides, play.result.winner)} won` : 'a draw'} (${play.result.reason})`
            : play.decider !== undefined
              ? `${sideName(sides, play.decider)} decides`
              : ''}{' '}
          · viewing as {sideName(sides, viewer)}
          {session.computerPlaying ? ' · the computer is playing…' : ''}
        </p>
        {play.result ? (
          <p className="report-link">
            <a href={routeHref({ page: 'report', game: play.game.id })}>Read the after-action report</a>
          </p>
        ) : null}
        {words ? (
          <p className="rule-set-status">{words.status(view, (side) => sideName(sides, side))}</p>
        ) : null}
        {table ? (
          <TableView
            table={table}
            sideClass={sideClass}
            describeUnit={describeUnit}
            describeGeneral={describeGeneral}
            unitName={nameOfUnit}
            sides={sideKey.split('\n').map((id) => ({ id, name: sideName(sides, id) }))}
            selected={selectedUnit}
            onSelect={clickUnit}
            onPickPoint={canPlan ? planTo : atPoint.length ? setPicked : undefined}
            onTurn={target ? turnToward : undefined}
            picked={!canPlan && atPoint.length ? picked : undefined}
            zones={props.zones}
          >
            {front && measures ? (
              <AidsOverlay
                front={front}
                depth={table.depth}
                choice={choice}
                ranges={measures.ranges}
                reach={measures.reach}
                charge={measures.charge}
                sight={sight}
              />
            ) : null}
            {front && target && plan ? (
              <MoveGhost
                from={front}
                to={target.to}
                facing={target.facing}
                stands={plan.ok ? plan.stands : []}
                ok={plan.ok}
                depth={table.depth}
              />
            ) : null}
            {front && attack && attacked !== undefined && (attack.ok || fires.length === 0) ? (
              <AttackGhost
                from={front}
                to={attack.ok ? attack.to : front}
                stands={attack.ok ? attack.stands : []}
                target={table.units.find((u) => u.id === attacked)?.stands ?? []}
                ok={attack.ok}
                depth={table.depth}
              />
            ) : null}
          </TableView>
        ) : (
          <p className="panel hint">This rule set's view gives no table to draw.</p>
        )}
        <Scrubber at={play.at} total={play.total} turnStarts={turns} onScrub={session.scrub} />
        {session.seating && seatMode(session.seating) === 'watching' ? (
          <WatchControls session={session} play={play} />
        ) : null}
      </div>
      <aside className="play-side">
        {deciding && pending ? (
          <div ref={oddsRef}>
            <OddsBeforeDice
              gameId={play.game.id}
              side={viewer}
              command={pending.command}
              text={pending.text}
              odds={pending.odds}
              busy={busy}
              onGive={() => {
                setPending(undefined);
                void session.give(pending.command);
              }}
              onCancel={() => setPending(undefined)}
            />
          </div>
        ) : null}
        <div ref={unitRef} className="unit-column">
          {attack && attacked !== undefined && selectedUnit !== undefined ? (
            <AttackPlanner
              gameId={play.game.id}
              side={viewer}
              unitName={unitName(view, selectedUnit)}
              targetName={unitName(view, attacked)}
              plan={attack}
              text={attack.ok ? attackText(attack.command as GameCommand, attack.words) : ''}
              fires={fires}
              busy={busy}
              onFire={(fire) => {
                setAttacked(undefined);
                void session.give(fire.command);
              }}
              onGive={() => {
                if (!attack.ok) return;
                setAttacked(undefined);
                void session.give(attack.command as GameCommand);
              }}
              onShowTarget={() => select(attacked)}
              onCancel={() => setAttacked(undefined)}
            />
          ) : null}
          {plan && target && front && selectedUnit !== undefined ? (
            <MovePlanner
              unitName={unitName(view, selectedUnit)}
              plan={plan}
              facing={target.facing}
              way={
                Math.hypot(target.to.x - front.x, target.to.y - front.y) > 0.05
                  ? bearing(front.x, front.y, target.to.x, target.to.y)
                  : front.facing
              }
              keep={front.facing}
              busy={busy}
              onFacing={(facing) => setTarget({ to: target.to, facing })}
              onMove={() => {
                if (plan.ok)
                  void choose(
                    plan.command as GameCommand,
                    `Move ${unitName(view, selectedUnit)}: ${plan.words}`,
                  );
              }}
              onCancel={() => setTarget(undefined)}
            />
          ) : null}
          {measures ? (
            <UnitMeasures
              choice={choice}
              onChoice={setChoice}
              ranges={measures.ranges}
              reach={measures.reach}
              charge={measures.charge}
              canPlan={canPlan && !target}
              canAttack={mayPlanAttack && attacked === undefined}
            />
          ) : null}
          {selectedUnit !== undefined ? (
            <UnitPanel
              name={unitName(view, selectedUnit)}
              facts={facts}
              commands={deciding ? commandsForUnit(items, selectedUnit, units, acting) : []}
              busy={busy}
              onGive={give}
              onClose={() => setSelected(undefined)}
            />
          ) : (
            <p className="panel hint">Select a unit on the table to see its state and its commands.</p>
          )}
        </div>
        {deciding ? (
          <DecisionPanel
            groups={groupByUnit(items, units, acting, selectedUnit, nameOfUnit)}
            pointCommands={atPoint}
            picked={picked}
            busy={busy}
            onGive={give}
            onGiveCommand={(command) => void choose(command, typeTitle(command.type))}
          />
        ) : live && play.decider !== undefined ? (
          <p className="panel hint">Waiting for {sideName(sides, play.decider)}.</p>
        ) : null}
        <LastCommand entries={live ? session.lastCommand : play.log.slice(-1)} />
        <BattleLog log={play.log} sides={sides} />
      </aside>
    </div>
  );
}

/** A unit's name with its formation and status or condition, as its label on the table. */
function unitLine(view: unknown, unit: string): string {
  const entry = unitEntry(view, unit);
  const state = ['formation', 'status', 'condition']
    .map((k) => entry?.[k])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.replaceAll('-', ' '));
  const name = unitName(view, unit);
  return state.length ? `${name} (${state.join(', ')})` : name;
}
