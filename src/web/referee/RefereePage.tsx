import { type ReactNode, useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
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
import { ChecklistPanel } from './ChecklistPanel.tsx';
import { DicePanel } from './DicePanel.tsx';
import { type DiceEntry, diceEntryFor, diceRequest, randomSeed, rollsFor } from './dice.ts';
import { OddsCharts } from './OddsCharts.tsx';
import { ResultView } from './ResultView.tsx';
import { RosterPanel } from './RosterPanel.tsx';
import {
  emptyBattle,
  parseTrackedBattle,
  type RosterAction,
  rosterReducer,
  type TrackedBattle,
} from './roster-state.ts';

/**
 * The referee's assistant: pick a rule set and a procedure, describe the situation in a form generated
 * from its schema (or start from one of its examples), see the exact odds as the facts change, then
 * resolve it with Muster's dice or dice typed in from the table. Beside it, the order of battle tracked
 * through the turns and the turn checklist (kept in this browser, per rule set).
 */
export function RefereePage({ procedure }: { readonly procedure: string | undefined }): ReactNode {
  const [ruleSets, setRuleSets] = useState<readonly RuleSetInfo[] | ApiError>();
  const [chosenRuleSet, setChosenRuleSet] = useState(() => localStorage.getItem(RULE_SET_KEY) ?? '');
  const [tab, setTab] = useState<RefereeTab>(() => (procedure === undefined ? storedTab() : 'resolve'));
  const [detail, setDetail] = useState<ProcedureDetail | ApiError>();
  useEffect(() => {
    void api.ruleSets().then((r) => setRuleSets(r.ok ? r.body.ruleSets : r.error));
  }, []);
  const list = Array.isArray(ruleSets) ? (ruleSets as readonly RuleSetInfo[]) : undefined;
  const ruleSetInfo = list ? pickRuleSet(list, chosenRuleSet, procedure) : undefined;
  const procedureId =
    procedure !== undefined && ruleSetInfo?.procedures.some((p) => p.id === procedure)
      ? procedure
      : ruleSetInfo?.procedures[0]?.id;
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
  useEffect(() => {
    if (procedure !== undefined) setTab('resolve');
  }, [procedure]);

  const pickerId = useId();
  const ruleSetPickerId = useId();
  if (ruleSets && !list) return <ErrorBox error={ruleSets as ApiError} />;
  if (!ruleSetInfo) return <p className="loading">Loading the rules…</p>;
  const chooseRuleSet = (id: string) => {
    localStorage.setItem(RULE_SET_KEY, id);
    setChosenRuleSet(id);
    navigate({ page: 'referee' });
  };
  const chooseTab = (next: RefereeTab) => {
    localStorage.setItem(TAB_KEY, next);
    setTab(next);
  };
  return (
    <div className="referee">
      <div className="referee-bar">
        {list && list.length > 1 ? (
          <div className="procedure-picker">
            <label htmlFor={ruleSetPickerId}>Rule set</label>
            <select
              id={ruleSetPickerId}
              value={ruleSetInfo.id}
              onChange={(e) => chooseRuleSet(e.target.value)}
            >
              {list.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="tabs" role="tablist" aria-label="The referee's tools">
          {REFEREE_TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              onClick={() => chooseTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {tab === 'resolve' ? (
        <>
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
            <Assistant key={`${detail.ruleSet}/${detail.id}`} detail={detail} />
          ) : (
            <ErrorBox error={detail} />
          )}
        </>
      ) : (
        <TrackedTurns key={ruleSetInfo.id} ruleSet={ruleSetInfo} tab={tab} />
      )}
    </div>
  );
}

type RefereeTab = 'resolve' | 'roster' | 'checklist';
const REFEREE_TABS: readonly (readonly [RefereeTab, string])[] = [
  ['resolve', 'Resolve'],
  ['roster', 'Order of battle'],
  ['checklist', 'Turn checklist'],
];
const RULE_SET_KEY = 'muster.referee.ruleSet';
const TAB_KEY = 'muster.referee.tab';
const rosterKey = (ruleSet: string) => `muster.referee.roster.${ruleSet}`;

function storedTab(): RefereeTab {
  const t = localStorage.getItem(TAB_KEY);
  return REFEREE_TABS.some(([id]) => id === t) ? (t as RefereeTab) : 'resolve';
}

/** The rule set chosen, else the one whose procedure the URL names, else the default. */
function pickRuleSet(
  list: readonly RuleSetInfo[],
  chosen: string,
  procedure: string | undefined,
): RuleSetInfo | undefined {
  const byChoice = list.find((r) => r.id === chosen);
  if (byChoice && (procedure === undefined || byChoice.procedures.some((p) => p.id === procedure)))
    return byChoice;
  const byProcedure =
    procedure === undefined ? undefined : list.find((r) => r.procedures.some((p) => p.id === procedure));
  return byProcedure ?? byChoice ?? list.find((r) => r.default) ?? list[0];
}

/** The order of battle and the checklist share one tracked battle, saved in this browser as it changes. */
function TrackedTurns({
  ruleSet,
  tab,
}: {
  readonly ruleSet: RuleSetInfo;
  readonly tab: RefereeTab;
}): ReactNode {
  const [battle, dispatch] = useReducer(
    (b: TrackedBattle, a: RosterAction) => rosterReducer(b, a, ruleSet.roster),
    ruleSet.id,
    (id: string) => {
      const saved = parseTrackedBattle(localStorage.getItem(rosterKey(id)) ?? '');
      return saved.ok && saved.battle.ruleSet === id ? saved.battle : emptyBattle(id);
    },
  );
  useEffect(() => {
    localStorage.setItem(rosterKey(ruleSet.id), JSON.stringify(battle));
  }, [ruleSet.id, battle]);
  return tab === 'roster' ? (
    <RosterPanel ruleSet={ruleSet} battle={battle} dispatch={dispatch} />
  ) : (
    <ChecklistPanel ruleSet={ruleSet} battle={battle} dispatch={dispatch} />
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

  // After Resolve the answer (or what is wrong) is brought to where the eye is: on a phone the form
  // stands above it, so it is scrolled to the top of the screen.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result || resolveError) answer.current?.scrollIntoView({ block: 'start' });
  }, [result, resolveError]);

  // Only the dice these facts may throw are asked for (two guns, two dice).
  const rolls = useMemo(() => rollsFor(detail.rolls, JSON.parse(factsJson)), [detail.rolls, factsJson]);
  const dicePart = diceRequest(dice, rolls);
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
          rolls={rolls}
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
        <div ref={answer} className="answer">
          {resolveError ? <ErrorBox error={resolveError} /> : null}
          {result ? <ResultView result={result} /> : null}
        </div>
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
