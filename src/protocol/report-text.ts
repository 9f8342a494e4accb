import type { BattleReport } from '../game/engine/report.ts';

/**
 * The after-action report as Markdown (`muster report`) and as a standalone HTML page with its charts
 * (`muster report --html`): the same sections in the same order as the browser's report page.
 */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The report's facts as sections of lines, shared by the Markdown, the HTML and the browser's page. */
export function reportSections(report: BattleReport) {
  const sideName = new Map(report.scenario.sides.map((s) => [s.id, s.name]));
  const name = (id: string) => sideName.get(id) ?? id;
  const first = report.strength[0]!;
  const last = report.strength[report.strength.length - 1]!;
  const outcome = report.over
    ? report.verdict!
    : `Not over: the record stops in turn ${report.lastTurn} of ${report.scenario.turnLimit}.`;
  const strengthRows = report.strength.map((s) => [
    s.moment === 'end' ? `end of turn ${s.turn}` : `turn ${s.turn}`,
    ...s.sides.map((side) => `${side.fightingStands}`),
  ]);
  const unitRows = report.units.map((u) => [
    u.name,
    name(u.side),
    `${u.startStands}`,
    `${u.endStands}`,
    u.state,
    u.brokeOnTurn === undefined ? '' : `turn ${u.brokeOnTurn}`,
  ]);
  return {
    title: `After-action report: ${report.scenario.title}`,
    about: `${report.ruleSet.title}, ${plural(report.commands, 'command')}, turn ${report.lastTurn} of ${report.scenario.turnLimit}.`,
    outcome,
    conditions: report.scenario.conditions,
    sides: report.scenario.sides.map((s, i) => {
      const start = first.sides[i]!;
      const end = last.sides[i]!;
      const broke = report.units.filter((u) => u.side === s.id && u.brokeOnTurn !== undefined).length;
      return `${s.name}: ${end.fightingStands} of ${start.fightingStands} stands still fighting; ${plural(broke, 'unit')} broke or left.`;
    }),
    moments: report.moments.map((m) => `Turn ${m.turn}: ${m.text}.`),
    strength: { head: ['', ...report.scenario.sides.map((s) => s.name)], rows: strengthRows },
    units: {
      head: ['Unit', 'Side', 'Stands at the start', 'Stands at the end', 'State at the end', 'Broke'],
      rows: unitRows,
    },
  };
}

export function reportMarkdown(report: BattleReport): string {
  const s = reportSections(report);
  const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
    [
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    ].join('\n');
  return [
    `# ${s.title}`,
    '',
    s.about,
    '',
    `**${s.outcome}**`,
    '',
    '## How the battle is won',
    '',
    ...s.conditions.map((c) => `- ${c}`),
    '',
    '## The sides',
    '',
    ...s.sides.map((line) => `- ${line}`),
    '',
    '## Decisive moments',
    '',
    ...(s.moments.length > 0 ? s.moments.map((m) => `- ${m}`) : ['- No stand was lost.']),
    '',
    '## Stands still fighting, turn by turn',
    '',
    table(s.strength.head, s.strength.rows),
    '',
    '## Every unit',
    '',
    table(s.units.head, s.units.rows),
    '',
  ].join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A standalone page: the sections, with `charts` (SVG markup, in order: strength, states, losses, map). */
export function reportHtml(report: BattleReport, charts: readonly string[]): string {
  const s = reportSections(report);
  const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
    `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const list = (items: readonly string[]) =>
    `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(s.title)}</title>
<style>
body { font-family: Georgia, serif; color: #1f1b16; background: #fbf8f1; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2 { font-weight: normal; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border-bottom: 1px solid #d9d0bf; padding: 0.2rem 0.6rem; text-align: left; }
figure { margin: 1rem 0 2rem; break-inside: avoid; }
.outcome { font-size: 1.2rem; }
@media print { body { background: white; margin: 0; } }
</style>
</head>
<body>
<h1>${escapeHtml(s.title)}</h1>
<p>${escapeHtml(s.about)}</p>
<p class="outcome"><strong>${escapeHtml(s.outcome)}</strong></p>
<h2>How the battle is won</h2>
${list(s.conditions)}
<h2>The sides</h2>
${list(s.sides)}
<figure>${charts[0] ?? ''}</figure>
<figure>${charts[1] ?? ''}</figure>
<h2>Decisive moments</h2>
${list(s.moments.length > 0 ? s.moments : ['No stand was lost.'])}
<figure>${charts[3] ?? ''}</figure>
<figure>${charts[2] ?? ''}</figure>
<h2>Stands still fighting, turn by turn</h2>
${table(s.strength.head, s.strength.rows)}
<h2>Every unit</h2>
${table(s.units.head, s.units.rows)}
</body>
</html>
`;
}
