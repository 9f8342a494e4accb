import { type ReactNode, useEffect, useState } from 'react';
import type { ApiError } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { acceptInvitation } from '../seat-keys.ts';
import { PlayPage } from '../table/PlayPage.tsx';
import { AnyTablePage } from './AnyTablePage.tsx';

/**
 * `#/play/<game id>`: keeps the seat keys of an invitation link (`?seat=<side>:<key>`, then removed from
 * the address bar), asks the game's summary for its rule set, then opens John Company's table for a
 * John Company game and the table for any rule set (AnyTablePage) for every other.
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
  return ruleSet === 'john-company' ? <PlayPage gameId={gameId} /> : <AnyTablePage gameId={gameId} />;
}
