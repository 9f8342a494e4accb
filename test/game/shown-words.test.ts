import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overPreciseNumbers } from '../../src/core/rules/measure.ts';
import { commandPointsPanel } from '../../src/game/command-points/panel.ts';
import { playBattle } from '../../src/game/engine/battle.ts';
import { hostingOf } from '../../src/game/engine/hosting.ts';
import { announcedResult, scenarioWordsOf, verdictInWords } from '../../src/game/engine/verdict.ts';
import type { PanelWords } from '../../src/game/engine/words.ts';
import { faces, stepWords, turnWords, withNames } from '../../src/game/engine/words.ts';
import { honourAndFortitudePanel } from '../../src/game/honour-and-fortitude/panel.ts';
import { macduffPanel } from '../../src/game/macduff/panel.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { TRAINING_NAMES, TRAINING_SCENARIO, unreadable } from './readable-text.ts';

/**
 * Honour & Fortitude, the command-point rules and MacDuff in their own words (their describe.ts): every
 * command offered and given and every event of a seeded training battle holds no id of the scenario, no
 * camelCase field and no number with more than two decimals; and the words say what the issue asked
 * them to say (a MacDuff retreat to the base edge, a command-point move that becomes an attack, an
 * Honour & Fortitude response naming both units, the dice of every roll).
 */
const SCENARIO = TRAINING_SCENARIO;
const NAMES = TRAINING_NAMES;

interface Shown {
  readonly offers: string[];
  readonly given: string[];
  readonly events: string[];
}

/** The lines of a seeded computer battle of the training scenario under `ruleSet`. */
function shownLines(ruleSet: string, commands: number): Shown {
  const playable = findPlayableRuleSet(ruleSet)!;
  const rules = hostingOf(playable);
  const shown: Shown = { offers: [], given: [], events: [] };
  playBattle(
    playable.game,
    SCENARIO,
    3,
    { company: playable.computer(3), maratha: playable.computer(4) },
    {
      maxCommands: commands,
      onStep: (step, state, events) => {
        shown.given.push(rules.describeCommand(step.command, state));
        for (const e of events) shown.events.push(rules.describeEvent(e, state) ?? '');
        const next = playable.game.decider(state);
        if (next !== undefined)
          for (const c of playable.game.legalCommands(state, next))
            shown.offers.push(rules.describeOffer(c, state));
      },
    },
  );
  return shown;
}

describe('the shared words', () => {
  it('turns, steps, faces and names', () => {
    expect(turnWords(90, 126.03)).toBe('turn 36° left');
    expect(turnWords(90, 0)).toBe('turn 90° right');
    expect(turnWords(90, 270)).toBe('about face');
    expect(turnWords(90, 90.2)).toBe('');
    expect(stepWords({ x: 0, y: 0 }, 90, { x: 0, y: 6 })).toBe('6" forward');
    expect(stepWords({ x: 0, y: 0 }, 90, { x: 3.333, y: -3.333 })).toBe('4.71" back and right');
    expect(stepWords({ x: 0, y: 0 }, 90, { x: -4, y: 0 })).toBe('4" to its left');
    expect(faces([2, 1, 6])).toBe('2, 1 and 6');
    const names = new Map([
      ['spearmen', 'Mounted spearmen'],
      ['maratha', 'The Maratha force'],
    ]);
    expect(withNames('maratha broke; spearmen routed; maratha-horse', names)).toBe(
      'The Maratha force broke; Mounted spearmen routed; maratha-horse',
    );
  });
});

describe.each(['honour-and-fortitude', 'command-points', 'macduff'])('%s in its own words', (ruleSet) => {
  const shown = shownLines(ruleSet, 400);

  it('names no id, no camelCase field and no unrounded number in anything a player reads', () => {
    const all = [...shown.offers, ...shown.given, ...shown.events];
    expect(all.length).toBeGreaterThan(300);
    expect(all.flatMap(unreadable)).toEqual([]);
    expect(unreadable('fire at native-light-cavalry, 8.123"; hitsOnAttacker')).toHaveLength(3);
  });

  it('tells every event in words', () => {
    expect(shown.events.filter((line) => line.trim() === '')).toEqual([]);
  });
});

describe('what the words say', () => {
  it('MacDuff: the moves back are retreats to the base edge, facing the enemy or turned about', () => {
    const { offers } = shownLines('macduff', 60);
    expect(offers.some((o) => /retreat toward your own base edge \(\w+\), turning about/.test(o))).toBe(true);
    expect(
      offers.some((o) => /fall back toward your own base edge \(\w+\), still facing the enemy/.test(o)),
    ).toBe(true);
    expect(offers.some((o) => /fire at .*, [\d.]+" away: all its figures fire/.test(o))).toBe(true);
  });

  it('MacDuff: a charge tells how far it rolled and the gap it had to close', () => {
    const { events } = shownLines('macduff', 400);
    expect(
      events.some((e) =>
        /charge (falls short|.*in contact).*a charge move of [\d.]+" to close [\d.]+"/.test(e),
      ),
    ).toBe(true);
  });

  it('command points: a forward move that ends within reach says it attacks, and who pays', () => {
    const { offers, events } = shownLines('command-points', 400);
    expect(offers.some((o) => /move [\d.]+" ahead: it attacks .+, and combat follows/.test(o))).toBe(true);
    expect(offers.some((o) => /\(a command point of .+: \d+ left\)$/.test(o))).toBe(true);
    expect(events.some((e) => /^Combat: .*\(Average Die \d+, factors [+-]\d+: -?\d+\) against/.test(e))).toBe(
      true,
    );
    expect(events.some((e) => /^Turn \d+: the die for the first move rolled \d/.test(e))).toBe(true);
  });

  it('Honour & Fortitude: a response names the defender and the attacker; the rolls show their dice', () => {
    const { offers, events } = shownLines('honour-and-fortitude', 400);
    const names = NAMES.join('|');
    expect(
      offers.some((o) => new RegExp(`^(${names}) (counter-attacks|stands to receive) (${names})`).test(o)),
    ).toBe(true);
    expect(events.some((e) => /^Turn \d+: .* rolled \d, .* rolled \d; .* moves first/.test(e))).toBe(true);
    expect(events.some((e) => /tests to move: rolled \d, \d or less needed/.test(e))).toBe(true);
    expect(events.some((e) => /^Melee, round \d: .* rolled [\d, and]+, \d+ points/.test(e))).toBe(true);
  });
});

describe.each([
  ['honour-and-fortitude', honourAndFortitudePanel],
  ['command-points', commandPointsPanel],
  ['macduff', macduffPanel],
] as const)("%s: the unit panel and the status line in the rules' words", (ruleSet, panel) => {
  it('tells every unit and the battle without ids, field names or a field dump', () => {
    const playable = findPlayableRuleSet(ruleSet)!;
    const words = panel as PanelWords<unknown>;
    const sideName = (side: string) => (side === 'company' ? "The Company's brigades" : 'The Maratha force');
    const { state } = playBattle(
      playable.game,
      SCENARIO,
      3,
      { company: playable.computer(3), maratha: playable.computer(4) },
      { maxCommands: 120 },
    );
    const view = playable.game.viewFor(state, 'company') as { units: Record<string, unknown> };
    const lines = [words.status(view, sideName)];
    for (const unit of Object.keys(view.units)) {
      const facts = words.unitFacts(view, unit, sideName);
      expect(facts[0]).toMatchObject({ label: 'Side' });
      lines.push(...facts.map((f) => `${f.label}: ${f.value}`));
    }
    expect(lines.flatMap(unreadable)).toEqual([]);
    const text = lines.join('\n');
    expect(text).not.toMatch(/Crews|Routed on turn 0|Dpoints|undefined|\[object/);
    expect(words.unitFacts(view, 'no-such-unit', sideName)).toEqual([]);
  });
});

/** A shipped scenario, as far as its words go. */
interface ShippedScenario {
  readonly id: string;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly units: readonly { readonly id: string; readonly name: string }[];
  readonly generals: readonly { readonly id: string; readonly name: string }[];
  readonly terrain: readonly { readonly id: string }[];
  readonly victory: { readonly objectives?: readonly { readonly id: string; readonly name: string }[] };
}
const SCENARIOS_DIR = resolve(import.meta.dirname, '../../scenarios');
const SHIPPED: readonly ShippedScenario[] = readdirSync(SCENARIOS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(resolve(SCENARIOS_DIR, f), 'utf8')) as ShippedScenario);

/** What is unreadable in `line` of a battle of `scenario`: an id, a camelCase field, an unrounded number. */
function unreadableIn(scenario: ShippedScenario, line: string): string[] {
  const named = [
    ...scenario.units,
    ...scenario.generals,
    ...scenario.sides,
    ...(scenario.victory.objectives ?? []),
  ];
  let rest = line;
  for (const name of named.map((u) => u.name).sort((a, b) => b.length - a.length))
    rest = rest.replaceAll(name, ' ').replaceAll(name.replace(/^The /, 'the '), ' ');
  // A battalion's light company is named after it ("..., light company"): the rules' word, not a side's id.
  rest = rest.replaceAll('light company', ' ');
  const ids = [
    ...scenario.units.map((u) => u.id),
    ...scenario.generals.map((g) => g.id),
    ...scenario.sides.map((s) => s.id),
    ...scenario.terrain.map((t) => t.id),
    ...(scenario.victory.objectives ?? []).map((o) => o.id),
  ];
  const found = ids.filter((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(rest));
  const camel = rest.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? [];
  return [...found, ...camel, ...overPreciseNumbers(line)].map((bad) => `${bad} in: ${line}`);
}

describe('John Company: every kind of event of a seeded battle of every shipped scenario, in words', () => {
  const playable = findPlayableRuleSet('john-company')!;
  const rules = hostingOf(playable);
  /** Each scenario's lines by event kind, as the server's log shows them (the end in the scenario's words). */
  const byScenario = SHIPPED.map((scenario) => {
    const lines = new Map<string, string[]>();
    const words = scenarioWordsOf(scenario);
    const sides = scenario.sides.map((s) => s.id);
    playBattle(
      playable.game,
      scenario,
      3,
      Object.fromEntries(sides.map((s, i) => [s, playable.computer(i + 3)])),
      {
        maxCommands: 300,
        onStep: (_step, state, events) => {
          for (const e of events) {
            const result = announcedResult(e);
            const line = result ? verdictInWords(result, words) : rules.describeEvent(e, state, words);
            if (line === undefined) continue;
            lines.set(e.type, [...(lines.get(e.type) ?? []), line]);
          }
        },
      },
    );
    return { scenario, lines };
  });

  it.each(SHIPPED.map((s, i) => [s.id, i] as const))(
    '%s: no id, camelCase field or unrounded number',
    (_id, i) => {
      const { scenario, lines } = byScenario[i]!;
      expect(lines.size).toBeGreaterThan(10);
      const bad = [...lines.values()].flatMap((said) => said.flatMap((line) => unreadableIn(scenario, line)));
      expect(bad).toEqual([]);
      expect([...lines.values()].flat().filter((line) => line.trim() === '')).toEqual([]);
    },
  );

  it('covers every kind of event the battles threw, fire, tests, charges and Confrontations among them', () => {
    const kinds = new Set(byScenario.flatMap(({ lines }) => [...lines.keys()]));
    for (const kind of [
      'unit-fired',
      'reaction-tested',
      'charge-launched',
      'confrontation-resolved',
      'stands-lost',
      'rally-attempted',
      'unit-moved',
      'order-revealed',
      'officer-casualty',
      'game-over',
    ])
      expect(kinds).toContain(kind);
  });

  it('the check finds a side or an objective named by its id', () => {
    const training = SHIPPED.find((s) => s.id === 'training-village-ford')!;
    expect(unreadableIn(training, 'company has placed its counters')).toHaveLength(1);
    expect(unreadableIn(training, 'Colonel Ashby rides 3" to 2" north of village')).not.toEqual([]);
    expect(unreadableIn(training, 'Colonel Ashby rides 3" to 2" north of the village')).toEqual([]);
    expect(unreadableIn(training, 'The picket fires at campoo-1st')).toHaveLength(1);
    expect(unreadableIn(training, "The Company's brigades wins")).toEqual([]);
    expect(unreadableIn(training, 'The European regiment, light company: Hold')).toEqual([]);
  });
});
