import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { ApiError } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { acceptInvitation } from '../seat-keys.ts';
import { AnyTablePage } from './AnyTablePage.tsx';

/** A rule set's own table: `src/web/<rule-set id>/table.tsx` exports it as `TablePage`. */
interface OwnTable {
  readonly TablePage: ComponentType<{ readonly gameId: string }>;
}

/** The rule sets' own tables, by rule-set id (the name of the folder holding `table.tsx`). */
const OWN_TABLES: ReadonlyMap<string, OwnTable['TablePage']> = new Map(
  Object.entries(import.meta.glob<OwnTable>('../*/table.tsx', { eager: true })).map(([path, module]) => [
    path.split('/')[1]!,
    module.TablePage,
  ]),
);

/**
 * `#/play/<game id>`: keeps the seat keys of an invitation link (`?seat=<side>:<key>`, then removed from
 * the address bar), asks the game's summary for its rule set, then opens the rule set's own table if it
 * has one (OWN_TABLES) and the table for any rule set (AnyTablePage) otherwise.
 */
export function GamePage({ gameId }: { readonly gameId: string }): ReactNode {
  const [ruleSet, setRuleSet] = useState<string>();
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    let cancelled = false;
    acceptInvitation();
    void api.summary(gameId).then((r) => {
      if (cancelled) return;
      if (r.ok) setRuleSet(r.body.ruleSet);
      else setError(r.error);
    });
    return () => {
      cancelled = true;
    };
  }, [gameId]);
  if (error) return <ErrorBox error={error} />;
  if (ruleSet === undefined) return <p className="loading">Loading…</p>;
  const OwnTable = OWN_TABLES.get(ruleSet);
  return OwnTable ? <OwnTable gameId={gameId} /> : <AnyTablePage gameId={gameId} />;
}
