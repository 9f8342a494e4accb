import { type ReactNode, useState } from 'react';
import type { JcCommand } from '../../game/john-company/commands.ts';
import type { JcView } from '../../game/john-company/view.ts';
import { CounterOdds } from '../table/Dice.tsx';
import { unitName } from './words.ts';

/** Commands that throw dice as they are given: the table shows their exact odds first. */
export const ODDS_FIRST: ReadonlySet<JcCommand['type']> = new Set(['fire', 'rally']);

/** A legal command and the server's words for it. */
export interface LegalItem {
  readonly command: JcCommand;
  readonly text: string;
}

/**
 * Step 2 for the viewer's side: a counter for each unit still without one, chosen from its legal
 * orders (the counters stay face down to the enemy), the counters placed so far with Take back, and
 * Finish. Selecting a row selects its unit on the table. A charge counter shows the odds of the
 * charger's Charge Test as things stand (`CounterOdds`) before it is placed.
 */
export function OrdersPanel(props: {
  readonly gameId: string;
  readonly side: string;
  readonly view: JcView;
  readonly items: readonly LegalItem[];
  readonly busy: boolean;
  readonly onGive: (item: LegalItem) => void;
  readonly onSelect: (unit: string) => void;
}): ReactNode {
  const { view } = props;
  const [choice, setChoice] = useState<Readonly<Record<string, number>>>({});
  const byUnit = new Map<string, { item: LegalItem; index: number }[]>();
  props.items.forEach((item, index) => {
    if (item.command.type !== 'place-order') return;
    const list = byUnit.get(item.command.unit) ?? [];
    list.push({ item, index });
    byUnit.set(item.command.unit, list);
  });
  const removals = props.items.filter((i) => i.command.type === 'remove-order');
  const finish = props.items.find((i) => i.command.type === 'finish-orders');
  return (
    <section className="panel orders-panel" aria-labelledby="orders-title">
      <h2 id="orders-title">Order counters</h2>
      <p className="hint">
        Place a counter behind each unit: the enemy sees only that a counter is there until it is revealed.
      </p>
      {byUnit.size ? (
        <ul className="order-rows">
          {[...byUnit].map(([unit, options]) => {
            const name = unitName(view, unit);
            const picked = options.find((o) => o.index === choice[unit]) ?? options[0]!;
            return (
              <li key={unit}>
                <label>
                  <button type="button" className="link" onClick={() => props.onSelect(unit)}>
                    {name}
                  </button>
                  <select
                    aria-label={`Order for ${name}`}
                    value={picked.index}
                    onFocus={() => props.onSelect(unit)}
                    onChange={(e) => setChoice({ ...choice, [unit]: Number(e.target.value) })}
                  >
                    {options.map((o) => (
                      <option key={o.index} value={o.index}>
                        {o.item.text.startsWith(`${name}: `)
                          ? o.item.text.slice(name.length + 2)
                          : o.item.text}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  disabled={props.busy}
                  aria-label={`Place the counter for ${name}`}
                  onClick={() => props.onGive(picked.item)}
                >
                  Place
                </button>
                {picked.item.command.type === 'place-order' && picked.item.command.order === 'charge' ? (
                  <CounterOdds gameId={props.gameId} side={props.side} command={picked.item.command} />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Every unit has its counter.</p>
      )}
      {removals.length ? (
        <ul className="placed" aria-label="Counters placed">
          {removals.map((r) => (
            <li key={r.text}>
              <button type="button" disabled={props.busy} onClick={() => props.onGive(r)}>
                {r.text}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {finish ? (
        <button type="button" className="primary" disabled={props.busy} onClick={() => props.onGive(finish)}>
          {finish.text}
        </button>
      ) : null}
    </section>
  );
}

/**
 * Every other legal command as a button, by the server's words: the fallback that lets a player give
 * whatever the sequence of play asks for. Commands that throw dice are marked and show their odds first.
 */
export function CommandButtons(props: {
  readonly title: string;
  readonly items: readonly LegalItem[];
  readonly busy: boolean;
  readonly onGive: (item: LegalItem) => void;
}): ReactNode {
  if (props.items.length === 0) return null;
  return (
    <section className="panel command-buttons" aria-label={props.title}>
      <h2>{props.title}</h2>
      <ul>
        {props.items.map((item) => (
          <li key={`${item.text}:${JSON.stringify(item.command)}`}>
            <button
              type="button"
              className={item.command.type === 'end-activation' ? 'primary' : undefined}
              disabled={props.busy}
              onClick={() => props.onGive(item)}
            >
              {item.text}
              {ODDS_FIRST.has(item.command.type) ? <span aria-hidden="true"> 🎲</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
