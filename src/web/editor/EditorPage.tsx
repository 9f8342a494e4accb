import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { Point } from '../../core/geometry/points.ts';
import { scenarioJsonSchema, validateScenario } from '../../game/scenario/format.ts';
import type { Scenario, ScenarioFeature } from '../../game/scenario/schema.ts';
import type { ApiError, ApiIssue, ScenarioSummary } from '../../protocol/api.ts';
import { RuleSetSelect } from '../any-table/RuleSetSelect.tsx';
import { api } from '../api.ts';
import { startGame } from '../battles/start-game.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { SchemaForm } from '../form/SchemaForm.tsx';
import type { JsonSchema } from '../form/schema.ts';
import { invitationLinks } from '../invitation.ts';
import { navigate, routeHref } from '../router.ts';
import { EditorMap, type MapPress } from './EditorMap.tsx';
import {
  addBuilding,
  addGeneral,
  addObjective,
  addTerrain,
  addUnit,
  addZone,
  blankScenario,
  type ItemRef,
  itemAt,
  itemOf,
  moveBy,
  moveVertex,
  pathOf,
  removeItem,
  setCrest,
  TERRAIN_TOOLS,
  turnTowards,
  withItem,
} from './edits.ts';
import { UnitRatings } from './UnitRatings.tsx';

/**
 * The scenario editor (`#/editor`): start from a blank table, any scenario (shipped or saved) or a file;
 * lay out the ground, the armies, the deployment zones and the objectives on the table with the mouse
 * or a finger; edit each item, the sides and the victory conditions in forms made from the scenario
 * schema; see every problem `validateScenario` finds, where it is, as you go; undo and redo; save to the
 * server, export and import the JSON of scenarios/, and play it under any rule set at once.
 */

type Tool =
  | { readonly kind: 'select' }
  | { readonly kind: 'unit' | 'general' | 'zone'; readonly side: string }
  | { readonly kind: 'objective' }
  /** Drawn into the selected town or hill: a building, or the hill's crest line. */
  | { readonly kind: 'building' | 'crest' }
  | { readonly kind: 'terrain'; readonly terrain: ScenarioFeature['kind']; readonly shape: 'area' | 'line' };

interface History {
  readonly past: readonly Scenario[];
  readonly present: Scenario;
  readonly future: readonly Scenario[];
}

/** Undo reaches this many steps back. */
const UNDO_DEPTH = 200;

const SCHEMA = scenarioJsonSchema() as JsonSchema & { $defs: Record<string, JsonSchema> };
const defSchema = (name: string): JsonSchema => ({ $defs: SCHEMA.$defs, $ref: `#/$defs/${name}` });
const propertySchema = (name: string): JsonSchema => ({
  $defs: SCHEMA.$defs,
  ...(SCHEMA.properties?.[name] as JsonSchema),
});
const ABOUT_FIELDS = [
  'id',
  'kind',
  'title',
  'date',
  'place',
  'description',
  'table',
  'basing',
  'overrides',
] as const;
const ABOUT_SCHEMA: JsonSchema = {
  $defs: SCHEMA.$defs,
  type: 'object',
  properties: Object.fromEntries(ABOUT_FIELDS.map((k) => [k, SCHEMA.properties![k] as JsonSchema])),
  required: ABOUT_FIELDS.filter((k) => SCHEMA.required?.includes(k)),
};
const ITEM_DEFS: Readonly<Record<ItemRef['list'], string>> = {
  units: 'Unit',
  generals: 'General',
  terrain: 'TerrainFeature',
  deployment: 'DeploymentZone',
  objectives: 'Objective',
};

/**
 * The form of an item of `list`: its schema, with the fields that name another item of the scenario (a
 * unit's side and commander, a general's superior) offered as a choice of those items by name.
 */
function itemSchema(list: ItemRef['list'], scenario: Scenario): JsonSchema {
  const def = SCHEMA.$defs[ITEM_DEFS[list]]!;
  if (!def.properties) return defSchema(ITEM_DEFS[list]);
  const among = (field: string, items: readonly { id: string; name?: string | undefined }[]) =>
    def.properties?.[field] === undefined
      ? {}
      : {
          [field]: {
            description: (def.properties[field] as JsonSchema).description,
            anyOf: items.map((i) => ({ const: i.id, description: i.name ?? i.id })),
          } as JsonSchema,
        };
  return {
    ...def,
    $defs: SCHEMA.$defs,
    properties: {
      ...def.properties,
      ...among('side', scenario.sides),
      ...among('commander', scenario.generals),
      ...among('superior', scenario.generals),
      ...among('attachedTo', scenario.units),
    },
  };
}
const ITEM_WORDS: Readonly<Record<ItemRef['list'], string>> = {
  units: 'Unit',
  generals: 'General',
  terrain: 'Terrain',
  deployment: 'Deployment zone',
  objectives: 'Objective',
};

export function EditorPage(): ReactNode {
  const [history, setHistory] = useState<History>();
  if (!history) return <StartEditing onStart={(s) => setHistory({ past: [], present: s, future: [] })} />;
  return <Editor history={history} setHistory={setHistory} />;
}

/** Where to start: a blank table, a copy of any scenario, or a file. */
function StartEditing({ onStart }: { readonly onStart: (scenario: Scenario) => void }): ReactNode {
  const [scenarios, setScenarios] = useState<readonly ScenarioSummary[]>([]);
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    void api.scenarios().then((r) => (r.ok ? setScenarios(r.body.scenarios) : setError(r.error)));
  }, []);
  const open = async (id: string, copy: boolean) => {
    const r = await api.scenario(id);
    if (!r.ok) return setError(r.error);
    onStart(copy ? { ...r.body, id: `${r.body.id}-copy`, title: `${r.body.title} (my copy)` } : r.body);
  };
  const blank = async () => {
    // The basing of a blank table: the training battle's (15 mm on 40 mm frontages), to change at will.
    const r = await api.scenario('training-village-ford');
    if (!r.ok) return setError(r.error);
    onStart(blankScenario(r.body.basing));
  };
  return (
    <div className="editor-start">
      <h1>Make a battle</h1>
      <p className="hint">
        Lay out a table, muster two armies and say how the battle is won. Start from a blank table, from any
        scenario, or from a scenario file.
      </p>
      {error ? <ErrorBox error={error} /> : null}
      <div className="card-actions">
        <button type="button" className="primary" onClick={() => void blank()}>
          A blank table
        </button>
        <label className="file-button">
          Open a scenario file
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file)
                void file.text().then(
                  (text) => onStart(JSON.parse(text) as Scenario),
                  (err: unknown) => setError({ error: 'bad-file', message: String(err) }),
                );
            }}
          />
        </label>
      </div>
      <h2>Or start from a scenario</h2>
      <ul className="editor-scenarios">
        {scenarios.map((s) => (
          <li key={s.id}>
            <strong>{s.title}</strong> {s.saved ? <span className="hint">(yours)</span> : null}{' '}
            {s.saved ? (
              <button type="button" onClick={() => void open(s.id, false)}>
                Edit<span className="visually-hidden"> {s.title}</span>
              </button>
            ) : null}
            <button type="button" onClick={() => void open(s.id, true)}>
              Edit a copy<span className="visually-hidden"> of {s.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Editor(props: {
  readonly history: History;
  readonly setHistory: (update: (h: History | undefined) => History | undefined) => void;
}): ReactNode {
  const { history, setHistory } = props;
  const scenario = history.present;
  const [selected, setSelected] = useState<ItemRef>();
  const [tool, setTool] = useState<Tool>({ kind: 'select' });
  const [drawing, setDrawing] = useState<readonly Point[]>([]);
  const [drag, setDrag] = useState<{
    ref: ItemRef;
    vertex?: number;
    facing?: true;
    from: Point;
    base: Scenario;
  }>();
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<ApiError>();
  // Until one is chosen, the server's default rule set.
  const [ruleSet, setRuleSet] = useState<string>();
  /** A game started with an invitation: its id and the link for the other player. */
  const [invited, setInvited] = useState<{ game: string; links: { name: string; url: string }[] }>();

  /** One undoable step. */
  const edit = useCallback(
    (next: Scenario) =>
      setHistory((h) =>
        h ? { past: [...h.past, h.present].slice(-UNDO_DEPTH), present: next, future: [] } : h,
      ),
    [setHistory],
  );
  /** The scenario while a drag goes on: shown, not yet a step. */
  const preview = (next: Scenario) => setHistory((h) => (h ? { ...h, present: next } : h));
  const undo = useCallback(
    () =>
      setHistory((h) =>
        h && h.past.length > 0
          ? { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future] }
          : h,
      ),
    [setHistory],
  );
  const redo = useCallback(
    () =>
      setHistory((h) =>
        h && h.future.length > 0
          ? { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) }
          : h,
      ),
    [setHistory],
  );

  const validation = useMemo(() => validateScenario(scenario), [scenario]);
  const problems = validation.ok ? [] : validation.errors;
  const faulty = useMemo(
    () => new Set(problems.flatMap((p) => (itemAt(p.path) ? [pathOf(itemAt(p.path)!)] : []))),
    [problems],
  );
  // A selection the scenario no longer has (after an undo or a delete) is dropped.
  const item = selected ? itemOf(scenario, selected) : undefined;
  useEffect(() => {
    if (selected && item === undefined) setSelected(undefined);
  }, [selected, item]);

  /** The selected town or hill, which the building and crest tools draw into. */
  const selectedFeature = selected?.list === 'terrain' ? scenario.terrain[selected.index] : undefined;
  const finishDrawing = useCallback(() => {
    if (tool.kind === 'building' && selected && drawing.length >= 3)
      edit(addBuilding(scenario, selected, drawing));
    if (tool.kind === 'crest' && selected && drawing.length >= 2) edit(setCrest(scenario, selected, drawing));
    if (tool.kind === 'terrain' || tool.kind === 'zone') {
      const needed = tool.kind === 'terrain' && tool.shape === 'line' ? 2 : 3;
      if (drawing.length >= needed)
        edit(
          tool.kind === 'zone'
            ? addZone(scenario, tool.side, drawing)
            : addTerrain(scenario, (tool as { terrain: ScenarioFeature['kind'] }).terrain, drawing),
        );
    }
    setDrawing([]);
  }, [tool, drawing, scenario, edit, selected]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        redo();
      } else if (e.key === 'Enter' && drawing.length > 0) finishDrawing();
      else if (e.key === 'Escape') setDrawing([]);
      else if ((e.key === 'Delete' || e.key === 'Backspace') && selected) {
        edit(removeItem(scenario, selected));
        setSelected(undefined);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, drawing, finishDrawing, selected, scenario, edit]);

  const onPress = (press: MapPress) => {
    switch (tool.kind) {
      case 'select':
        setSelected(press.item);
        if (press.item)
          setDrag({
            ref: press.item,
            ...(press.vertex === undefined ? {} : { vertex: press.vertex }),
            ...(press.facing ? { facing: true as const } : {}),
            from: press.at,
            base: scenario,
          });
        return;
      case 'unit':
        edit(addUnit(scenario, tool.side, press.at));
        setSelected({ list: 'units', index: scenario.units.length });
        return;
      case 'general':
        edit(addGeneral(scenario, tool.side, press.at));
        setSelected({ list: 'generals', index: scenario.generals.length });
        return;
      case 'objective':
        edit(addObjective(scenario, press.at));
        setSelected({ list: 'objectives', index: scenario.victory.objectives.length });
        return;
      case 'zone':
      case 'terrain':
      case 'building':
      case 'crest':
        setDrawing([...drawing, press.at]);
        return;
    }
  };
  const onDrag = (at: Point, done: boolean) => {
    if (!drag) return;
    const next = drag.facing
      ? turnTowards(drag.base, drag.ref, at)
      : drag.vertex === undefined
        ? moveBy(drag.base, drag.ref, at.x - drag.from.x, at.y - drag.from.y)
        : moveVertex(drag.base, drag.ref, drag.vertex, at);
    if (!done) return preview(next);
    setDrag(undefined);
    // The step starts from the scenario before the drag, so one undo takes the whole drag back.
    const moved = at.x !== drag.from.x || at.y !== drag.from.y;
    setHistory((h) =>
      h
        ? moved
          ? { past: [...h.past, drag.base].slice(-UNDO_DEPTH), present: next, future: [] }
          : { ...h, present: drag.base }
        : h,
    );
  };

  const save = async () => {
    setError(undefined);
    const r = await api.saveScenario(scenario);
    if (r.ok) setMessage(`Saved "${r.body.title}" as ${r.body.id}.`);
    else setError(r.error);
    return r.ok;
  };
  /** Saves, then starts a game of it: the first side here, the other the computer's, here too, or another screen's. */
  const play = async (against: 'computer' | 'here' | 'remote') => {
    if (!(await save())) return;
    const seats = Object.fromEntries(
      scenario.sides.map((s, i) => [s.id, i === 0 ? ('here' as const) : against]),
    );
    const r = await startGame(scenario.id, seats, undefined, ruleSet);
    if (!r.ok) return setError(r.error);
    const { game, sent } = r.started;
    if (against !== 'remote') return navigate({ page: 'play', game: game.id });
    const page = `${window.location.origin}${window.location.pathname}`;
    setInvited({
      game: game.id,
      links: invitationLinks(game.id, sent).map(({ side, hash }) => ({
        name: scenario.sides.find((s) => s.id === side)?.name ?? side,
        url: `${page}${hash}`,
      })),
    });
  };
  const exportFile = () => {
    const url = URL.createObjectURL(
      new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `${scenario.id}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const sides = scenario.sides;
  const toolValue =
    tool.kind === 'terrain'
      ? `terrain:${tool.terrain}`
      : 'side' in tool
        ? `${tool.kind}:${tool.side}`
        : tool.kind;
  const chooseTool = (value: string) => {
    setDrawing([]);
    const [kind, rest] = value.split(':') as [string, string | undefined];
    if (kind === 'terrain') {
      const t = TERRAIN_TOOLS.find((x) => x.kind === rest)!;
      setTool({ kind: 'terrain', terrain: t.kind, shape: t.shape });
    } else if (kind === 'unit' || kind === 'general' || kind === 'zone') setTool({ kind, side: rest! });
    else setTool({ kind: kind as 'select' | 'objective' | 'building' | 'crest' });
  };

  const itemIssues = (ref: ItemRef): ApiIssue[] =>
    problems.flatMap((p) => {
      const at = ref.list === 'objectives' ? `victory.${pathOf(ref)}` : pathOf(ref);
      if (p.path === at) return [{ path: '', message: p.message }];
      return p.path.startsWith(`${at}.`) || p.path.startsWith(`${at}[`)
        ? [{ path: p.path.slice(at.length).replace(/^\./, ''), message: p.message }]
        : [];
    });
  const sectionIssues = (prefix: string): ApiIssue[] =>
    problems.flatMap((p) =>
      p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path.startsWith(`${prefix}[`)
        ? [{ path: p.path.slice(prefix.length).replace(/^\./, ''), message: p.message }]
        : [],
    );

  return (
    <div className="editor">
      <div className="editor-main">
        <h1>{scenario.title}</h1>
        <div className="editor-toolbar" role="toolbar" aria-label="Editor tools">
          <label>
            Tool{' '}
            <select value={toolValue} onChange={(e) => chooseTool(e.target.value)} aria-label="Tool">
              <option value="select">Select and drag</option>
              {sides.map((s) => (
                <option key={`unit:${s.id}`} value={`unit:${s.id}`}>
                  Place a unit of {s.name}
                </option>
              ))}
              {sides.map((s) => (
                <option key={`general:${s.id}`} value={`general:${s.id}`}>
                  Place a general of {s.name}
                </option>
              ))}
              {sides.map((s) => (
                <option key={`zone:${s.id}`} value={`zone:${s.id}`}>
                  Draw a deployment zone of {s.name}
                </option>
              ))}
              <option value="objective">Place an objective</option>
              <option value="building">Draw a building in the selected town</option>
              <option value="crest">Draw the crest of the selected hill</option>
              {TERRAIN_TOOLS.map((t) => (
                <option key={t.kind} value={`terrain:${t.kind}`}>
                  Draw {t.kind.replace(/-/g, ' ')} ({t.shape === 'area' ? 'an area' : 'a line'})
                </option>
              ))}
            </select>
          </label>
          {drawing.length > 0 ? (
            <>
              <button type="button" onClick={finishDrawing}>
                Finish the shape
              </button>
              <button type="button" onClick={() => setDrawing([])}>
                Cancel it
              </button>
            </>
          ) : null}
          <button type="button" onClick={undo} disabled={history.past.length === 0}>
            Undo
          </button>
          <button type="button" onClick={redo} disabled={history.future.length === 0}>
            Redo
          </button>
        </div>
        <p className="hint">
          {tool.kind === 'select'
            ? 'Click an item to edit it; drag it to move it; drag a corner of a selected shape to reshape it, the handle in front of a selected unit to turn it.'
            : (tool.kind === 'building' && selectedFeature?.kind !== 'town') ||
                (tool.kind === 'crest' && selectedFeature?.kind !== 'hill')
              ? `Select a ${tool.kind === 'building' ? 'town' : 'hill'} first (Select and drag), then come back to this tool.`
              : tool.kind === 'terrain' ||
                  tool.kind === 'zone' ||
                  tool.kind === 'building' ||
                  tool.kind === 'crest'
                ? `Click each corner in turn, then Finish the shape (or press Enter): ${drawing.length} so far.`
                : 'Click the table where it goes.'}
        </p>
        <EditorMap
          scenario={scenario}
          {...(selected ? { selected } : {})}
          faulty={faulty}
          drawing={drawing}
          onPress={onPress}
          onDrag={onDrag}
        />
        <section className="editor-problems" aria-label="Problems">
          <h2>{problems.length === 0 ? 'No problems: ready to play' : `Problems (${problems.length})`}</h2>
          <ul>
            {problems.map((p) => {
              const ref = itemAt(p.path);
              return (
                <li key={`${p.path}:${p.message}`}>
                  {ref ? (
                    <button type="button" className="link" onClick={() => setSelected(ref)}>
                      {p.path}
                    </button>
                  ) : (
                    <code>{p.path || 'the scenario'}</code>
                  )}{' '}
                  {p.message}
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <aside className="editor-side">
        <div className="card-actions">
          <button type="button" className="primary" onClick={() => void save()}>
            Save
          </button>
          <button type="button" onClick={exportFile}>
            Export JSON
          </button>
          <RuleSetSelect value={ruleSet} onChange={setRuleSet} />
          <button type="button" onClick={() => void play('computer')} disabled={problems.length > 0}>
            Play this against the computer
          </button>
          <button type="button" onClick={() => void play('here')} disabled={problems.length > 0}>
            Play this hot seat
          </button>
          <button type="button" onClick={() => void play('remote')} disabled={problems.length > 0}>
            Play this with an invitation
          </button>
        </div>
        {invited ? (
          <section className="panel invitations" aria-label="The invitation">
            {invited.links.map((link) => (
              <label key={link.url}>
                Send this link to the player of {link.name}
                <input readOnly value={link.url} onFocus={(e) => e.target.select()} />
              </label>
            ))}
            <p>
              <a href={routeHref({ page: 'play', game: invited.game })}>Open your table</a>
            </p>
          </section>
        ) : null}
        {message ? <p role="status">{message}</p> : null}
        {error ? <ErrorBox error={error} /> : null}
        {selected && item !== undefined ? (
          <section aria-label="The selected item">
            <h2>
              {ITEM_WORDS[selected.list]}{' '}
              <button
                type="button"
                onClick={() => {
                  edit(removeItem(scenario, selected));
                  setSelected(undefined);
                }}
              >
                Delete it
              </button>
            </h2>
            <SchemaForm
              schema={itemSchema(selected.list, scenario)}
              value={item}
              onChange={(value) => edit(withItem(scenario, selected, value))}
              issues={itemIssues(selected)}
            />
            {selected.list === 'units' ? (
              <UnitRatings unit={scenario.units[selected.index]!} scenario={scenario} />
            ) : null}
          </section>
        ) : null}
        <details open={!selected}>
          <summary>The scenario, its table, basing and rule-set overrides</summary>
          <SchemaForm
            schema={ABOUT_SCHEMA}
            value={Object.fromEntries(ABOUT_FIELDS.flatMap((k) => (k in scenario ? [[k, scenario[k]]] : [])))}
            onChange={(value) => {
              const about = { ...scenario } as Record<string, unknown>;
              for (const k of ABOUT_FIELDS) delete about[k];
              edit({ ...about, ...(value as object) } as Scenario);
            }}
            issues={problems.filter((p) =>
              ABOUT_FIELDS.some((k) => p.path === k || p.path.startsWith(`${k}.`)),
            )}
          />
        </details>
        <details>
          <summary>The sides</summary>
          <SchemaForm
            schema={propertySchema('sides')}
            value={scenario.sides}
            onChange={(value) => edit({ ...scenario, sides: value as Scenario['sides'] })}
            issues={sectionIssues('sides')}
          />
        </details>
        <details>
          <summary>How the battle is won</summary>
          <SchemaForm
            schema={propertySchema('victory')}
            value={scenario.victory}
            onChange={(value) => edit({ ...scenario, victory: value as Scenario['victory'] })}
            issues={sectionIssues('victory')}
          />
        </details>
        <details>
          <summary>Sources</summary>
          <SchemaForm
            schema={propertySchema('sources')}
            value={scenario.sources}
            onChange={(value) => edit({ ...scenario, sources: value as Scenario['sources'] })}
            issues={sectionIssues('sources')}
          />
        </details>
      </aside>
    </div>
  );
}
