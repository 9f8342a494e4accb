import { Fragment, type ReactNode } from 'react';
import type { GameLogEntry } from '../../protocol/api.ts';
import { told } from '../table/Log.tsx';
import {
  commandAt,
  type GameCommand,
  type LegalItem,
  type PointCommand,
  typeTitle,
  type UnitGroup,
} from './commands.ts';
import type { Fact } from './reading.ts';

/** Buttons for commands, one per legal command, labelled by the server's words. */
function CommandList(props: {
  readonly items: readonly LegalItem[];
  readonly busy: boolean;
  readonly onGive: (item: LegalItem) => void;
}): ReactNode {
  return (
    <ul>
      {props.items.map((item) => (
        <li key={item.index}>
          <button type="button" disabled={props.busy} onClick={() => props.onGive(item)}>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The deciding seat's legal commands, grouped by the unit they are for (`groupByUnit`), each group under
 * the unit's name; and the commands that take a point (`pointCommands`) at the point picked on the table.
 */
export function DecisionPanel(props: {
  readonly groups: readonly UnitGroup[];
  readonly pointCommands: readonly PointCommand[];
  readonly picked: { readonly x: number; readonly y: number } | undefined;
  readonly busy: boolean;
  readonly onGive: (item: LegalItem) => void;
  readonly onGiveCommand: (command: GameCommand) => void;
}): ReactNode {
  return (
    <section className="panel command-buttons" aria-labelledby="decision-title">
      <h2 id="decision-title">Your decision</h2>
      {props.groups.map((group) => (
        <section key={group.unit ?? ''} aria-label={`${group.title}: commands`}>
          <h3>{group.title}</h3>
          <CommandList items={group.items} busy={props.busy} onGive={props.onGive} />
        </section>
      ))}
      {props.pointCommands.length ? (
        <section aria-label="At a point of the table">
          <h3>At a point of the table</h3>
          {props.picked ? (
            <ul>
              {props.pointCommands.map((command) => (
                <li key={command.type}>
                  <button
                    type="button"
                    disabled={props.busy}
                    onClick={() => props.onGiveCommand(commandAt(command, props.picked!))}
                  >
                    {typeTitle(command.type)} {command.field ?? 'to'} ({props.picked!.x.toFixed(1)},{' '}
                    {props.picked!.y.toFixed(1)})
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="hint">Click the table to pick a point.</p>
          )}
        </section>
      ) : null}
    </section>
  );
}

/** Facts as term and value; each group of facts (a unit's ratings) after them, under its own heading. */
function FactList({ facts }: { readonly facts: readonly Fact[] }): ReactNode {
  const values = facts.flatMap((f) => ('value' in f ? [f] : []));
  const groups = facts.flatMap((f) => ('facts' in f ? [f] : []));
  return (
    <>
      <dl className="unit-facts">
        {values.map((fact) => (
          <Fragment key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h3>{group.label}</h3>
          <FactList facts={group.facts} />
        </section>
      ))}
    </>
  );
}

/** The selected unit: its state (the rule set's words, or what the view says of it), then the legal commands that concern it. */
export function UnitPanel(props: {
  readonly name: string;
  readonly facts: readonly Fact[];
  readonly commands: readonly LegalItem[];
  readonly busy: boolean;
  readonly onGive: (item: LegalItem) => void;
  readonly onClose: () => void;
}): ReactNode {
  return (
    <section className="panel unit-panel" aria-labelledby="unit-title">
      <h2 id="unit-title">{props.name}</h2>
      <FactList facts={props.facts} />
      {props.commands.length ? (
        <section className="command-buttons" aria-label={`Commands for ${props.name}`}>
          <h3>Its commands</h3>
          <CommandList items={props.commands} busy={props.busy} onGive={props.onGive} />
        </section>
      ) : null}
      <button type="button" onClick={props.onClose}>
        Clear the selection
      </button>
    </section>
  );
}

/** What the viewer's last command did: its line and each event's, as the log words them. */
export function LastCommand({ entries }: { readonly entries: readonly GameLogEntry[] }): ReactNode {
  if (entries.length === 0) return null;
  return (
    <section className="panel last-command" aria-labelledby="last-command-title">
      <h2 id="last-command-title">What happened</h2>
      <ul>
        {entries.flatMap((entry) => [
          <li key={entry.index}>{entry.text}</li>,
          ...told(entry).map((e, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events are in the order they happened.
            <li key={`${entry.index}:${j}`}>{e.text}</li>
          )),
        ])}
      </ul>
    </section>
  );
}
