import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import { measureText } from '../../core/rules/measure.ts';
import type { TableState } from '../../core/table/model.ts';
import type { CommandManoeuvre, JcCommand } from '../../game/john-company/commands.ts';
import type { JcView } from '../../game/john-company/view.ts';
import type { Scenario } from '../../game/scenario/schema.ts';
import type { GamePlay, MovePlan } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { routeHref } from '../router.ts';
import { DiceResolution, OddsBeforeDice } from '../table/Dice.tsx';
import { BattleLog, Scrubber, turnStarts } from '../table/Log.tsx';
import { SessionFrame } from '../table/SessionFrame.tsx';
import { seatMode, seatWords } from '../table/seats.ts';
import { WatchControls } from '../table/WatchControls.tsx';
import { describeResult, type SideNames, sideName } from '../table/words.ts';
import { Battlefield } from './Battlefield.tsx';
import { CommandButtons, type LegalItem, ODDS_FIRST, OrdersPanel } from './Decisions.tsx';
import { MovePlanner } from './MovePlanner.tsx';
import { type OverlayChoice, PlanGhost, SelectionOverlay } from './Overlays.tsx';
import { manoeuvresForDrag } from './planning.ts';
import { sightLinesFrom } from './sight.ts';
import { UnitPanel } from './UnitPanel.tsx';
import { type PlaySession, usePlaySession } from './usePlaySession.ts';
import { describeNode, unitName } from './words.ts';

/**
 * The virtual table (`#/play/<game id>`): a John Company battle played through its legal commands.
 * The table in SVG with its overlays; the decisions of the moment (order counters, a move planned with
 * its ghost, fire and rallies with their odds first, any other legal command); the dice of the last
 * command; the battle log and the replay scrubber. Hot seat hands the screen over between the players;
 * against the computer, the computer plays as soon as it decides; over the network, the page shows its
 * player's side and waits while the other screen decides; watching, it plays at a chosen speed; a page
 * holding no seat of the game shows the spectator's view.
 */
export function TablePage({ gameId }: { readonly gameId: string }): ReactNode {
  const session = usePlaySession(gameId);
  const [scenario, setScenario] = useState<Scenario>();
  const scenarioId = session.summary?.scenario.id;
  useEffect(() => {
    if (scenarioId === undefined) return;
    void api.scenario(scenarioId).then((r) => {
      if (r.ok) setScenario(r.body);
    });
  }, [scenarioId]);
  const sides: SideNames = useMemo(
    () => Object.fromEntries((scenario?.sides ?? []).map((s) => [s.id, s.name])),
    [scenario],
  );

  const { summary, seating } = session;
  return (
    <SessionFrame
      session={session}
      sides={sides}
      subtitle={summary && seating ? `${summary.scenario.title} · ${seatWords(seating, sides)}` : undefined}
      passHint="Read the dice, then hand the screen over."
      table={(play, viewer) =>
        play.game.ruleSet === 'john-company' ? (
          <Table key={viewer} session={session} play={play} scenario={scenario} sides={sides} />
        ) : (
          <p>The virtual table plays John Company battles; this game is {play.game.ruleSet}.</p>
        )
      }
    />
  );
}

/** A selected unit shows its weapon's ranges; sight lines and charge reach are asked for. */
const FIRST_OVERLAYS: OverlayChoice = { ranges: true, sight: false, charge: false };
const NOTHING_PLANNED: readonly CommandManoeuvre[] = [];

function Table(props: {
  readonly session: PlaySession;
  readonly play: GamePlay;
  readonly scenario: Scenario | undefined;
  readonly sides: SideNames;
}): ReactNode {
  const { session, play, sides } = props;
  const view = play.view as JcView;
  const viewer = session.viewer!;
  const live = play.at === play.total;
  const deciding = live && play.decider === viewer;
  const items: LegalItem[] = useMemo(
    () =>
      (play.legal as JcCommand[]).map((command, i) => ({ command, text: play.legalText[i] ?? command.type })),
    [play],
  );

  const active = view.node.phase === 'activation' ? view.node.activation : undefined;
  const activeUnit = active?.kind === 'unit' && deciding ? active.unit : undefined;
  const [selected, setSelected] = useState<string>();
  useEffect(() => {
    if (activeUnit !== undefined) setSelected(activeUnit);
  }, [activeUnit]);
  const selectedUnit = selected !== undefined && view.table.units[selected] ? selected : undefined;

  const [overlays, setOverlays] = useState(FIRST_OVERLAYS);
  const sight = useMemo(
    () =>
      selectedUnit === undefined ? [] : sightLinesFrom(view.table, selectedUnit, (id) => unitName(view, id)),
    [view, selectedUnit],
  );

  const [manoeuvres, setManoeuvres] = useState(NOTHING_PLANNED);
  const [plan, setPlan] = useState<MovePlan>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new activation starts a new plan.
  useEffect(() => setManoeuvres(NOTHING_PLANNED), [activeUnit, play.total]);
  const moves = items.filter((i) => i.command.type === 'move');
  const mayMove = activeUnit !== undefined && moves.length > 0;

  // The active General's ride: a point picked on the table, given as a move-general command.
  const activeGeneral = active?.kind === 'general' && deciding ? active.general : undefined;
  const mayRide = activeGeneral !== undefined && items.some((i) => i.command.type === 'move-general');
  const [rideTo, setRideTo] = useState<Point>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a ride belongs to the position it was picked in.
  useEffect(() => setRideTo(undefined), [play.total]);

  const [pending, setPending] = useState<LegalItem>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: odds belong to the position they were asked in.
  useEffect(() => setPending(undefined), [play.total]);

  const give = useCallback(
    (item: LegalItem) => {
      if (ODDS_FIRST.has(item.command.type) && pending !== item) {
        setPending(item);
        return;
      }
      void session.give(item.command);
    },
    [pending, session],
  );

  const sideClass = useMemo(() => {
    const order = view.scenario.sides;
    return (side: string) => `side-${Math.max(0, order.indexOf(side))}`;
  }, [view.scenario.sides]);
  const zones = props.scenario?.deployment ?? [];
  const objectives = useMemo(
    () =>
      view.scenario.objectives.map((o) => ({
        ...o,
        name: props.scenario?.victory.objectives.find((s) => s.id === o.id)?.name ?? o.id,
      })),
    [view.scenario.objectives, props.scenario],
  );

  const [turns, setTurns] = useState<{ turn: number; index: number }[]>([]);
  useEffect(() => {
    if (play.at === play.total) setTurns(turnStarts(play.log, view.turn, play.total));
  }, [play, view.turn]);

  const mode = session.seating ? seatMode(session.seating) : 'spectating';
  const handled = new Set<JcCommand['type']>(['place-order', 'remove-order', 'finish-orders', 'move']);
  const others = items.filter((i) => !handled.has(i.command.type));

  return (
    <div className="play-layout">
      <div className="play-main">
        <p className="play-status" role="status" aria-live="polite">
          <strong>Turn {view.turn}</strong> ·{' '}
          {play.result ? describeResult(play.result, sides) : describeNode(view, sides)} · viewing as{' '}
          {sideName(sides, viewer)}
          {session.computerPlaying ? ' · the computer is playing…' : ''}
        </p>
        {play.result ? (
          <p className="report-link">
            <a href={routeHref({ page: 'report', game: play.game.id })}>Read the after-action report</a>
          </p>
        ) : null}
        <Battlefield
          table={view.table}
          units={view.units}
          generals={view.generals}
          sideClass={sideClass}
          sides={view.scenario.sides.map((id) => ({ id, name: sideName(sides, id) }))}
          zones={zones}
          objectives={objectives}
          selected={selectedUnit}
          onSelect={setSelected}
          onPickPoint={mayRide ? setRideTo : undefined}
          onDragUnit={
            mayMove && selectedUnit === activeUnit
              ? (dx, dy) => setManoeuvres(manoeuvresForDrag(view.table.units[activeUnit]!.facing, dx, dy))
              : undefined
          }
        >
          {selectedUnit !== undefined ? (
            <SelectionOverlay
              table={view.table}
              unit={selectedUnit}
              info={view.units[selectedUnit]}
              choice={overlays}
              sight={sight}
            />
          ) : null}
          {mayRide && rideTo && activeGeneral !== undefined ? (
            <RideMarker table={view.table} general={activeGeneral} to={rideTo} />
          ) : null}
          {mayMove && plan && manoeuvres.length ? (
            <PlanGhost depth={view.table.depth} stands={plan.end.stands} path={plan.path} ok={plan.ok} />
          ) : null}
        </Battlefield>
        <Scrubber at={play.at} total={play.total} turnStarts={turns} onScrub={session.scrub} />
        {mode === 'watching' ? <WatchControls session={session} play={play} /> : null}
      </div>
      <aside className="play-side">
        {deciding && view.node.phase === 'orders' ? (
          <OrdersPanel
            gameId={play.game.id}
            side={viewer}
            view={view}
            items={items}
            busy={session.busy}
            onGive={give}
            onSelect={setSelected}
          />
        ) : null}
        {pending ? (
          <OddsBeforeDice
            gameId={play.game.id}
            side={viewer}
            command={pending.command}
            text={pending.text}
            busy={session.busy}
            onGive={() => give(pending)}
            onCancel={() => setPending(undefined)}
          />
        ) : null}
        {mayMove && activeUnit !== undefined ? (
          <MovePlanner
            gameId={play.game.id}
            side={viewer}
            unit={activeUnit}
            unitName={unitName(view, activeUnit)}
            manoeuvres={manoeuvres}
            onManoeuvres={setManoeuvres}
            suggestions={moves.flatMap((m) =>
              m.command.type === 'move' ? [{ manoeuvres: m.command.manoeuvres, text: m.text }] : [],
            )}
            plan={plan}
            onPlan={setPlan}
            onMove={(chosen) =>
              void session.give({ type: 'move', unit: activeUnit, manoeuvres: [...chosen] })
            }
            busy={session.busy}
          />
        ) : null}
        {mayRide && activeGeneral !== undefined ? (
          <section className="panel ride" aria-labelledby="ride-title">
            <h2 id="ride-title">Ride: General {unitName(view, activeGeneral)}</h2>
            <p className="hint">Click the table where he should ride, or pick a ride below.</p>
            {rideTo ? (
              <button
                type="button"
                className="primary"
                disabled={session.busy}
                onClick={() =>
                  void session.give({
                    type: 'move-general',
                    general: activeGeneral,
                    x: Math.round(rideTo.x * 10) / 10,
                    y: Math.round(rideTo.y * 10) / 10,
                  })
                }
              >
                Ride {rideInches(view.table, activeGeneral, rideTo)} to the point picked
              </button>
            ) : null}
          </section>
        ) : null}
        {deciding ? (
          <CommandButtons
            title={view.node.phase === 'orders' ? 'Other commands' : 'Your decision'}
            items={others}
            busy={session.busy}
            onGive={give}
          />
        ) : live && play.decider !== undefined ? (
          <p className="panel hint">Waiting for {sideName(sides, play.decider)}.</p>
        ) : null}
        <DiceResolution ruleSet={play.game.ruleSet} entries={session.lastCommand} />
        {selectedUnit !== undefined ? (
          <UnitPanel
            view={view}
            unit={selectedUnit}
            sides={sides}
            choice={overlays}
            onChoice={setOverlays}
            sight={sight}
          />
        ) : (
          <p className="panel hint">Select a unit on the table to see its state, ranges and line of sight.</p>
        )}
        <BattleLog log={play.log} sides={sides} />
      </aside>
    </div>
  );
}

/** How far a General would ride to `to`, in a straight line, as the players read it. */
function rideInches(table: TableState, general: string, to: Point): string {
  const stand = table.generals[general]?.stand;
  return stand ? `${measureText(Math.hypot(to.x - stand.x, to.y - stand.y))}"` : '';
}

/** Where the active General would ride: a line from his stand to the picked point. */
function RideMarker(props: {
  readonly table: TableState;
  readonly general: string;
  readonly to: Point;
}): ReactNode {
  const stand = props.table.generals[props.general]?.stand;
  if (!stand) return null;
  const depth = props.table.depth;
  const inches = Math.hypot(props.to.x - stand.x, props.to.y - stand.y);
  return (
    <g className="ride-marker">
      <title>{`${inches.toFixed(1)}" in a straight line`}</title>
      <line x1={stand.x} y1={depth - stand.y} x2={props.to.x} y2={depth - props.to.y} />
      <circle cx={props.to.x} cy={depth - props.to.y} r={0.6} />
    </g>
  );
}
