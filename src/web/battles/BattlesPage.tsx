import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError, GameSummary, ScenarioList, ScenarioSummary } from '../../protocol/api.ts';
import type { Verification } from '../../protocol/verify.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { forgetDice, keptAnchors } from '../fair-dice.ts';
import { invitationLinks, reachNote, type SeatChoice, type SeatKeys } from '../invitation.ts';
import { navigate, routeHref } from '../router.ts';
import { forgetInvitations, forgetKeys, heldInvitations, heldKeys, keepKeys } from '../seat-keys.ts';
import { sidesPlayedHere } from '../table/seats.ts';
import { NewGameForm } from './NewGameForm.tsx';
import { ScenarioMap } from './ScenarioMap.tsx';
import { startGame } from './start-game.ts';

/** A game just created with seats on other screens: the link to send each of their players. */
interface Invitations {
  readonly game: GameSummary;
  readonly links: readonly { readonly side: string; readonly name: string; readonly url: string }[];
}

/**
 * Saved games and the scenarios to start one from. A saved game is its scenario, seed and command log
 * (export gives that record as JSON; import takes one back); Play or Resume opens it at the virtual
 * table (`#/play/<id>`), Watch when this browser holds none of its seats. A new game says who plays
 * each side: a player on this screen (this browser keeps the seat's key), a player on another screen
 * (the page shows the invitation link carrying the seat's key, to send them), or the computer.
 */
export function BattlesPage(): ReactNode {
  const [games, setGames] = useState<readonly GameSummary[]>();
  const [scenarios, setScenarios] = useState<ScenarioList>();
  const [error, setError] = useState<ApiError>();
  const [invitations, setInvitations] = useState<Invitations>();
  const [verified, setVerified] = useState<{
    readonly game: GameSummary;
    readonly verification: Verification;
  }>();

  const reload = useCallback(async () => {
    const [g, s] = await Promise.all([api.games(), api.scenarios()]);
    if (g.ok) setGames(g.body.games);
    else setError(g.error);
    if (s.ok) setScenarios(s.body);
    else setError(s.error);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs an API call, then shows its error or the fresh lists. */
  const act = async (call: () => Promise<{ ok: boolean; error?: ApiError }>) => {
    const r = await call();
    setError(r.ok ? undefined : r.error);
    await reload();
  };

  const importFile = async (file: File) => {
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      setError({ error: 'invalid-json', message: `${file.name} is not a JSON file` });
      return;
    }
    await act(async () => {
      const r = await api.importGame(record);
      if (r.ok) keepKeys(r.body.id, r.body.seatKeys);
      return r;
    });
  };

  /** A new game opens at once: its invitations when it has seats on other screens, else its table. */
  const create = async (
    scenario: ScenarioSummary,
    seats: Record<string, SeatChoice>,
    seed: number | undefined,
    ruleSet: string | undefined,
  ) => {
    const r = await startGame(scenario.id, seats, seed, ruleSet);
    if (!r.ok) return setError(r.error);
    setError(undefined);
    const invitations = invitationsOf(r.started.game, r.started.sent, scenario);
    if (invitations) {
      setInvitations(invitations);
      await reload();
    } else navigate({ page: 'play', game: r.started.game.id });
  };

  /** The full record as a file: fetched with this browser's keys (the server asks for them). */
  const exportGame = async (game: GameSummary) => {
    const r = await api.exportGame(game.id);
    if (!r.ok) return setError(r.error);
    const url = URL.createObjectURL(new Blob([JSON.stringify(r.body)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `muster-game-${game.id}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  /**
   * Verify: the record of a finished game (fetched with this browser's keys), checked here as anyone may
   * (src/protocol/verify.ts, loaded when asked for) against what this browser kept of its secret dice.
   */
  const verifyGame = async (game: GameSummary) => {
    const r = await api.exportGame(game.id);
    if (!r.ok) return setError(r.error);
    const [{ verifyRecord }, { PLAYABLE_RULE_SETS }] = await Promise.all([
      import('../../protocol/verify.ts'),
      import('../../game/registry.ts'),
    ]);
    setError(undefined);
    setVerified({ game, verification: verifyRecord(r.body, PLAYABLE_RULE_SETS, keptAnchors(game.id)) });
  };

  return (
    <div className="battles">
      <h1>Battles</h1>
      {error ? <ErrorBox error={error} /> : null}
      {verified ? <VerificationPanel {...verified} onClose={() => setVerified(undefined)} /> : null}
      {invitations ? (
        <InvitationPanel
          invitations={invitations}
          onClose={() => setInvitations(undefined)}
          onForget={() => {
            forgetInvitations(invitations.game.id);
            setInvitations(undefined);
          }}
        />
      ) : null}
      <section aria-labelledby="games-title">
        <h2 id="games-title">Saved games</h2>
        {games === undefined ? (
          <p className="loading">Loading…</p>
        ) : games.length === 0 ? (
          <p className="hint">No saved games yet: start one from a scenario below, or import a saved game.</p>
        ) : (
          <ul className="cards">
            {games.map((g) => (
              <li key={g.id} className="card game">
                <h3>{g.title}</h3>
                <p className="hint">
                  {g.scenario.title} · {diceWords(g)} · {g.commands}{' '}
                  {g.commands === 1 ? 'command' : 'commands'} · changed{' '}
                  {new Date(g.updatedAt).toLocaleString()}
                </p>
                <p className="seats">
                  {Object.entries(g.players)
                    .map(
                      ([side, seat]) =>
                        `${sideNameIn(scenarios, g, side)}: ${seat === 'computer' ? 'the computer' : 'a player'}`,
                    )
                    .join(' · ')}
                  {g.result
                    ? ` · over: ${g.result.winner ? `${sideNameIn(scenarios, g, g.result.winner)} won` : 'a draw'}`
                    : ` · turn ${g.turn}${g.decider ? `, ${g.decider} to decide` : ''}`}
                </p>
                <div className="card-actions">
                  <a className="play-link" href={routeHref({ page: 'play', game: g.id })}>
                    {playWord(g)}
                    <span className="visually-hidden"> {g.title}</span>
                  </a>
                  {!g.result && Object.keys(heldInvitations(g.id)).length > 0 ? (
                    <button
                      type="button"
                      onClick={() =>
                        setInvitations(
                          invitationsOf(
                            g,
                            heldInvitations(g.id),
                            scenarios?.scenarios.find((s) => s.id === g.scenario.id),
                          ),
                        )
                      }
                    >
                      Invite<span className="visually-hidden"> to {g.title}</span>
                    </button>
                  ) : null}
                  <button type="button" onClick={() => void exportGame(g)}>
                    Export
                  </button>
                  {g.commands > 0 ? (
                    <a href={routeHref({ page: 'report', game: g.id })}>
                      Report<span className="visually-hidden"> on {g.title}</span>
                    </a>
                  ) : null}
                  {g.result ? (
                    <button type="button" onClick={() => void verifyGame(g)}>
                      Verify<span className="visually-hidden"> {g.title}</span>
                    </button>
                  ) : null}
                  {sharedSides(g).length === 0 ? (
                    <button
                      type="button"
                      onClick={() => {
                        if (window.confirm(`Delete "${g.title}" and its log?`))
                          void act(async () => {
                            const r = await api.deleteGame(g.id);
                            if (r.ok) {
                              forgetKeys(g.id);
                              forgetDice(g.id);
                            }
                            return r;
                          });
                      }}
                    >
                      Delete
                    </button>
                  ) : g.result ? null : (
                    sharedSides(g).map((side) => (
                      <button
                        key={side}
                        type="button"
                        onClick={() => {
                          if (window.confirm(`Resign "${g.title}" as ${side}? The battle ends, lost.`))
                            void act(() => api.command(g.id, { side, command: { type: 'resign' } }));
                        }}
                      >
                        Resign as {side}
                        <span className="visually-hidden"> in {g.title}</span>
                      </button>
                    ))
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <label className="import">
          Import a saved game (JSON):{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </label>
      </section>
      <section aria-labelledby="scenarios-title">
        <h2 id="scenarios-title">Scenarios</h2>
        {scenarios === undefined ? (
          <p className="loading">Loading…</p>
        ) : (
          <ul className="cards">
            {trainingFirst(scenarios.scenarios).map((s) => (
              <li key={s.id} className="card scenario">
                <h3>{s.title}</h3>
                <ScenarioMap scenario={s} />
                <p className="hint">
                  {[s.kind, s.date, s.place].filter(Boolean).join(' · ')} · {s.units} units
                </p>
                <p className="sides">
                  {s.sides.map((side) => `${side.name} (${side.army})`).join(' against ')}
                </p>
                <details>
                  <summary>About this scenario</summary>
                  <p>{s.description}</p>
                </details>
                <NewGameForm
                  scenario={s}
                  onCreate={(seats, seed, ruleSet) => void create(s, seats, seed, ruleSet)}
                />
              </li>
            ))}
          </ul>
        )}
        {scenarios?.problems.length ? (
          <p className="hint">
            Left out (invalid): {scenarios.problems.map((p) => p.file).join(', ')}; the server's log lists the
            problems.
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** A side of a game's scenario by its name (its id while the scenarios load). */
function sideNameIn(scenarios: ScenarioList | undefined, game: GameSummary, side: string): string {
  const scenario = scenarios?.scenarios.find((s) => s.id === game.scenario.id);
  return scenario?.sides.find((s) => s.id === side)?.name ?? side;
}

/** The scenarios with the training battles first (where a new player starts), else as listed. */
export function trainingFirst(scenarios: readonly ScenarioSummary[]): ScenarioSummary[] {
  return [...scenarios].sort((a, b) => Number(b.kind === 'training') - Number(a.kind === 'training'));
}

/** The invitations to show for the seats `sent` of a game (none: undefined), named as its scenario names them. */
function invitationsOf(
  game: GameSummary,
  sent: SeatKeys,
  scenario: ScenarioSummary | undefined,
): Invitations | undefined {
  const links = invitationLinks(game.id, sent);
  if (links.length === 0) return undefined;
  const page = `${window.location.origin}${window.location.pathname}`;
  return {
    game,
    links: links.map(({ side, hash }) => ({
      side,
      name: scenario?.sides.find((s) => s.id === side)?.name ?? side,
      url: `${page}${hash}`,
    })),
  };
}

/**
 * How a game's dice are seeded, in words: a public seed (never the seed of secret dice: it is not in
 * the summary), or secret dice with their commitment, the seats still to open the game, the reveal.
 */
function diceWords(game: GameSummary): string {
  const { dice } = game;
  if (dice.kind === 'seeded')
    return dice.savedBefore
      ? `seed ${game.seed} (saved before secret dice: its seed was public)`
      : `seed ${game.seed} (public)`;
  const committed = `secret dice, commitment ${dice.commitment.slice(0, 12)}…`;
  if (dice.secret) return `${committed}, revealed`;
  return dice.waitingFor.length > 0
    ? `${committed}, waiting for ${dice.waitingFor.join(' and ')} to open it`
    : committed;
}

function failedWords(verification: Verification): string {
  const failed = verification.checks.filter((c) => c.ok === false).length;
  return `${failed} ${failed === 1 ? 'check' : 'checks'}`;
}

/** What Verify found: each check, matched (✓), not (✗) or not made (–), and the verdict. */
function VerificationPanel(props: {
  readonly game: GameSummary;
  readonly verification: Verification;
  readonly onClose: () => void;
}): ReactNode {
  const { game, verification } = props;
  const mark = (ok: boolean | undefined) => (ok === true ? '✓' : ok === false ? '✗' : '–');
  return (
    <section className="panel verification" aria-labelledby="verification-title">
      <h2 id="verification-title">Verification of {game.title}</h2>
      <p className={verification.ok ? 'verdict verified' : 'verdict not-verified'} role="status">
        {verification.ok
          ? 'Verified: every check made matched.'
          : `Not verified: ${failedWords(verification)} did not match.`}
      </p>
      <ul className="checks">
        {verification.checks.map((c) => (
          <li key={c.text} className={c.ok === true ? 'matched' : c.ok === false ? 'failed' : 'unchecked'}>
            <span aria-hidden="true">{mark(c.ok)}</span> {c.text}
          </li>
        ))}
      </ul>
      <button type="button" onClick={props.onClose}>
        Close
      </button>
    </section>
  );
}

/**
 * The sides this browser plays in a game shared with another player (it holds some human seats' keys but
 * not all): such a game is not its to delete, only to resign. None for a game it holds every seat of.
 */
function sharedSides(game: GameSummary): string[] {
  const humans = Object.values(game.players).filter((seat) => seat === 'human').length;
  const here = sidesPlayedHere(game, heldKeys(game.id));
  return here.length < humans ? here : [];
}

/** The list's link to a game: Play, Resume or Replay a game this browser sits at, else Watch. */
function playWord(game: GameSummary): string {
  const humans = Object.values(game.players).filter((seat) => seat === 'human').length;
  if (humans > 0 && sidesPlayedHere(game, heldKeys(game.id)).length === 0) return 'Watch';
  return game.commands === 0 ? 'Play' : game.result ? 'Replay' : 'Resume';
}

/**
 * The links for the players on other screens, each carrying its seat's key: whoever opens one plays that
 * side (the key is kept in their browser). This browser keeps them apart from its own seats, to show
 * them again (the game's Invite), until the player forgets them.
 */
function InvitationPanel(props: {
  readonly invitations: Invitations;
  readonly onClose: () => void;
  readonly onForget: () => void;
}): ReactNode {
  const { game, links } = props.invitations;
  // Shown at the top of the page, above the form that made it: brought into view, its first link selected.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.querySelector('input')?.focus();
  }, []);
  // Whether another machine can open the links: the server says where it listens.
  const [note, setNote] = useState<string>();
  useEffect(() => {
    let live = true;
    void api.server().then((answer) => {
      if (live && answer.ok) setNote(reachNote(answer.body, window.location));
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section ref={panel} className="panel invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invite the other {links.length === 1 ? 'player' : 'players'}</h2>
      <p className="hint">
        {game.title}: send each link to the player of that side. Whoever opens it plays the side, so send it
        only to them. This browser keeps the links (the game's Invite shows them again) until you forget them.
      </p>
      {note ? (
        <p className="hint reach-note" role="note">
          {note}
        </p>
      ) : null}
      <ul>
        {links.map((link) => (
          <li key={link.side} className="invitation-link">
            <label>
              Invitation for {link.name}{' '}
              <input
                className="invitation-url"
                type="text"
                readOnly
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>{' '}
            <button type="button" onClick={() => void navigator.clipboard?.writeText(link.url)}>
              Copy
            </button>
          </li>
        ))}
      </ul>
      <div className="card-actions">
        <a className="play-link" href={routeHref({ page: 'play', game: game.id })}>
          Open the game
        </a>
        <button type="button" onClick={props.onClose}>
          Done
        </button>
        <button type="button" onClick={props.onForget}>
          Forget the links
        </button>
      </div>
    </section>
  );
}
