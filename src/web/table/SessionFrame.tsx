import type { ReactNode } from 'react';
import type { GamePlay } from '../../protocol/api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { routeHref } from '../router.ts';
import type { TableSession } from './useTableSession.ts';
import { type SideNames, sideName } from './words.ts';

/**
 * What every table page shows around its table (John Company's and the other rule sets'): the title
 * with a link to all battles, the session's error, hot seat's "pass the screen" banner and hand-over
 * screen, "Undo" when the viewer may take back its last command, and `table(play, viewer)` once there is
 * a view to show.
 */
export function SessionFrame<C>(props: {
  readonly session: TableSession<C>;
  readonly sides: SideNames;
  /** What follows "All battles" under the title (the scenario, the seats). */
  readonly subtitle: string | undefined;
  /** What the player who just gave a command reads before passing the screen. */
  readonly passHint: string;
  readonly table: (play: GamePlay, viewer: string) => ReactNode;
}): ReactNode {
  const { session, sides } = props;
  const { play } = session;
  return (
    <div className="play">
      <header className="play-header">
        <h1>{session.summary?.title ?? 'A battle'}</h1>
        <p className="hint">
          <a href={routeHref({ page: 'battles' })}>All battles</a>
          {props.subtitle !== undefined ? ` · ${props.subtitle}` : ''}
        </p>
      </header>
      {session.error ? (
        <div className="play-error">
          <ErrorBox error={session.error} />
          <button type="button" onClick={session.dismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {session.passTo !== undefined ? (
        <div className="pass-banner" role="status">
          <span>{props.passHint}</span>
          <button type="button" className="primary" onClick={session.pass}>
            Pass to {sideName(sides, session.passTo)}
          </button>
        </div>
      ) : null}
      {play?.undoable && play.at === play.total && session.handOver === undefined ? (
        <div className="undo-bar">
          <button type="button" disabled={session.busy} onClick={() => void session.undo()}>
            Undo: {play.log.at(-1)?.text ?? 'the last command'}
          </button>
          <span className="hint">(it threw no dice and showed nothing; the other side has not answered)</span>
        </div>
      ) : null}
      {session.waitingFor !== undefined && session.waitingFor.length > 0 ? (
        <section className="dice-wait" role="status" aria-labelledby="dice-wait-title">
          <h2 id="dice-wait-title">
            Waiting for {session.waitingFor.map((side) => sideName(sides, side)).join(' and ')}
          </h2>
          <p>
            This game's dice are secret: the server committed to its share before anyone played, and every
            player's browser adds its own when it first opens the game, so that nobody, the server included,
            can foresee or choose them. The game begins when{' '}
            {session.waitingFor.length === 1 ? 'that player opens it' : 'those players open it'}.
          </p>
        </section>
      ) : null}
      {session.sharesGivenElsewhere.length > 0 ? (
        <p className="hint dice-shares" role="note">
          The share of the dice of{' '}
          {session.sharesGivenElsewhere.map((side) => sideName(sides, side)).join(' and ')} was given by
          another browser before this one (your other device, or whoever held the key before sending you the
          link): Verify can only vouch for the shares this browser gave.
        </p>
      ) : null}
      {session.handOver !== undefined ? (
        <HandOver side={sideName(sides, session.handOver)} onTakeOver={session.takeOver} />
      ) : play && session.viewer !== undefined ? (
        props.table(play, session.viewer)
      ) : session.error || session.waitingFor?.length ? null : (
        <p className="loading">Loading…</p>
      )}
    </div>
  );
}

/** Hot seat: the table is hidden until the next player has the screen. */
function HandOver(props: { readonly side: string; readonly onTakeOver: () => void }): ReactNode {
  return (
    <section className="hand-over" aria-labelledby="hand-over-title">
      <h2 id="hand-over-title">Pass to {props.side}</h2>
      <p>
        The table is hidden so that neither player sees what only the other may. Hand the screen to the player
        of {props.side}.
      </p>
      <button type="button" className="primary" onClick={props.onTakeOver}>
        I am {props.side}: show my table
      </button>
    </section>
  );
}
