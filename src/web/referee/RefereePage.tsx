import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatRule } from '../../core/rules/trace.ts';
import type {
  ApiError,
  ApiIssue,
  OddsResponse,
  ProcedureDetail,
  ResolveRequest,
  ResolveResponse,
  RuleSetInfo,
} from '../../protocol/api.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { SchemaForm } from '../form/SchemaForm.tsx';
import { initialValue } from '../form/schema.ts';
import { navigate } from '../router.ts';
import { DicePanel } from './DicePanel.tsx';
import { type DiceEntry, diceEntryFor, diceRequest, randomSeed } from './dice.ts';
import { OddsCharts } from './OddsCharts.tsx';
import { ResultView } from './ResultView.tsx';

/**
 * The referee's assistant: pick a procedure, describe the situation in a form generated from its
 * schema (or start from one of its examples), see the exact odds as the facts change, then resolve it
 * with Muster's dice or dice typed in from the table.
 */
export function RefereePage({ procedure }: { readonly procedure: string | undefined }): ReactNode {
  const [ruleSet, setRuleSet] = useState<RuleSetInfo | ApiError>();
  const [detail, setDetail] = useState<ProcedureDetail | ApiError>();
  useEffect(() => {
    void api.ruleSets().then((r) => {
      setRuleSet(r.ok ? (r.body.ruleSets.find((s) => s.default) ?? r.body.ruleSets[0]) : r.error);
    });
  }, []);
  const ruleSetInfo = ruleSet && 'procedures' in ruleSet ? ruleSet : undefined;
  const procedureId = procedure ?? ruleSetInfo?.procedures[0]?.id;
  useEffect(() => {
    if (!ruleSetInfo || procedureId === undefined) return;
    let current = true;
    setDetail(undefined);
    void api.procedure(ruleSetInfo.id, procedureId).then((r) => {
      if (current) setDetail(r.ok ? r.body : r.error);
    });
    return () => {
      current = false;
    };
  }, [ruleSetInfo, procedureId]);

  const pickerId = useId();
  if (ruleSet && !ruleSetInfo) return <ErrorBox error={ruleSet as ApiError} />;
  if (!ruleSetInfo) return <p className="loading">Loading the rules…</p>;
  return (
    <div className="referee">
      <div className="procedure-picker">
        <label htmlFor={pickerId}>Procedure</label>
        <select
          id={pickerId}
          value={procedureId}
          onChange={(e) => navigate({ page: 'referee', procedure: e.target.value })}
        >
          {ruleSetInfo.procedures.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      {detail === undefined ? (
        <p className="loading">Loading the procedure…</p>
      ) : 'schema' in detail ? (
        <Assistant key={detail.id} detail={detail} />
      ) : (
        <ErrorBox error={detail} />
      )}
    </div>
  );
}

/** The latest odds answer, and the facts (as JSON) it answers. */
type OddsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ok'; readonly facts: string; readonly response: OddsResponse }
  | { readonly status: 'error'; readonly facts: string; readonly error: ApiError };

/** How long the odds wait for the referee to stop typing before asking the server. */
const ODDS_DELAY_MS = 120;

/** The issues about the facts, with paths relative to the facts (as the form names its fields). */
function factIssues(error: ApiError | undefined): ApiIssue[] {
  return (error?.issues ?? []).flatMap((i) =>
    i.path === 'facts' || i.path.startsWith('facts.') || i.path.startsWith('facts[')
      ? [{ path: i.path.replace(/^facts\.?/, ''), message: i.message }]
      : [],
  );
}

function Assistant({ detail }: { readonly detail: ProcedureDetail }): ReactNode {
  const first = detail.examples[0];
  const [facts, setFacts] = useState<unknown>(
    () => first?.facts ?? initialValue(detail.schema, detail.schema),
  );
  const [dice, setDice] = useState<DiceEntry>(() => diceEntryFor(first?.dice));
  const [odds, setOdds] = useState<OddsState>({ status: 'loading' });
  const [result, setResult] = useState<ResolveResponse>();
  const [resolveError, setResolveError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const presetId = useId();

  const factsJson = JSON.stringify(facts ?? null);
  /** The first odds are asked for at once; later ones wait for a pause in the typing. */
  const asked = useRef(false);
  useEffect(() => {
    const controller = new AbortController();
    const delay = asked.current ? ODDS_DELAY_MS : 0;
    asked.current = true;
    const timer = setTimeout(() => {
      api
        .odds(detail.ruleSet, detail.id, { facts: JSON.parse(factsJson) }, controller.signal)
        .then((r) =>
          setOdds(
            r.ok
              ? { status: 'ok', facts: factsJson, response: r.body }
              : { status: 'error', facts: factsJson, error: r.error },
          ),
        )
        .catch(() => {
          // Aborted: newer facts are on their way.
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [detail, factsJson]);

  const changeFacts = useCallback((next: unknown) => {
    setFacts(next);
    setResult(undefined);
    setResolveError(undefined);
  }, []);
  const changeDice = (next: DiceEntry) => {
    setDice(next);
    setResult(undefined);
    setResolveError(undefined);
  };
  const applyPreset = (index: number) => {
    const example = detail.examples[index];
    if (!example) return;
    changeFacts(example.facts);
    changeDice(diceEntryFor(example.dice));
  };

  const dicePart = diceRequest(dice, detail.rolls);
  const resolve = async () => {
    if (!dicePart.ok) return;
    setBusy(true);
    const request: ResolveRequest = {
      facts,
      ...dicePart.value,
      ...(dicePart.fillRest ? { seed: randomSeed() } : {}),
    };
    const r = await api.resolve(detail.ruleSet, detail.id, request);
    setBusy(false);
    if (r.ok) {
      setResult(r.body);
      setResolveError(undefined);
    } else {
      setResult(undefined);
      setResolveError(r.error);
    }
  };

  const oddsError = odds.status === 'error' ? odds.error : undefined;
  // Kept the same object while the issues are: the form redraws only when its own props change.
  const issues = useMemo(() => factIssues(resolveError ?? oddsError), [resolveError, oddsError]);
  const shownOdds = result?.odds ?? (odds.status === 'ok' ? odds.response.odds : undefined);
  return (
    <div className="assistant">
      <section className="inputs" aria-label="The situation">
        <header className="procedure-head">
          <h1>{detail.title}</h1>
          <p className="summary">{detail.summary}</p>
          <p className="rule">{formatRule(detail.rule)}</p>
        </header>
        {detail.examples.length > 0 ? (
          <div className="presets">
            <label htmlFor={presetId}>Start from an example</label>
            <select id={presetId} value="" onChange={(e) => applyPreset(Number(e.target.value))}>
              <option value="" disabled>
                Choose an example…
              </option>
              {detail.examples.map((e, i) => (
                <option key={e.title} value={i}>
                  {e.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <SchemaForm schema={detail.schema} value={facts} onChange={changeFacts} issues={issues} />
        <details className="as-json">
          <summary>The situation as JSON (for muster resolve)</summary>
          <pre>
            {JSON.stringify(
              dicePart.ok && dicePart.value.dice
                ? { ...(facts as object), dice: dicePart.value.dice }
                : facts,
              null,
              2,
            )}
          </pre>
        </details>
      </section>
      <section className="outputs" aria-label="Dice, result and odds">
        <DicePanel
          rolls={detail.rolls}
          value={dice}
          onChange={changeDice}
          issues={dicePart.ok ? [] : dicePart.issues}
        />
        <div className="actions">
          <button type="button" className="primary" onClick={resolve} disabled={busy || !dicePart.ok}>
            {busy
              ? 'Resolving…'
              : dice.mode === 'muster' && detail.rolls.length > 0
                ? 'Roll and resolve'
                : 'Resolve'}
          </button>
        </div>
        {resolveError ? <ErrorBox error={resolveError} /> : null}
        {result ? <ResultView result={result} /> : null}
        <OddsCharts
          odds={shownOdds}
          stale={odds.status === 'loading' || odds.facts !== factsJson}
          error={odds.status === 'error' ? odds.error : undefined}
          rolled={result !== undefined}
        />
      </section>
    </div>
  );
}
