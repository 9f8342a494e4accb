import type { Scenario, Unit } from '../scenario/schema.ts';

/**
 * A scenario-independent practice battle for tests, benchmarks and the computer opponent's work: a
 * Company brigade (south) against a Maratha force (north) on a 72" x 48" table with a wood, a hill, a
 * village and a nullah. `unitsPerSide` repeats the order of battle (up to 12 a side) in wider lines.
 * It is a fixture, not a historical scenario: the ratings are Muster's defaults.
 */
export interface PracticeOptions {
  readonly unitsPerSide?: number;
  readonly turnLimit?: number;
}

type UnitTemplate = Omit<Unit, 'id' | 'name' | 'side' | 'commander' | 'position' | 'facing'>;

const COMPANY: readonly UnitTemplate[] = [
  {
    arm: 'infantry',
    regular: true,
    origin: 'european',
    army: 'british',
    weapon: 'flintlock-musket',
    quality: 'veteran',
    stands: 6,
    formation: 'line',
  },
  {
    arm: 'infantry',
    regular: true,
    origin: 'indian',
    army: 'british',
    weapon: 'flintlock-musket',
    quality: 'trained',
    stands: 6,
    formation: 'line',
    skirmishers: 2,
  },
  {
    arm: 'artillery',
    regular: true,
    origin: 'european',
    army: 'british',
    weapon: 'british-field',
    quality: 'trained',
    stands: 2,
    formation: 'unlimbered',
  },
  {
    arm: 'cavalry',
    regular: true,
    weight: 'light',
    origin: 'european',
    army: 'british',
    weapon: 'carbine',
    quality: 'trained',
    stands: 4,
    formation: 'line',
  },
  {
    arm: 'infantry',
    regular: true,
    weight: 'light',
    origin: 'indian',
    army: 'british',
    weapon: 'flintlock-rifle',
    quality: 'trained',
    stands: 4,
    formation: 'skirmish',
  },
  {
    arm: 'infantry',
    regular: true,
    origin: 'indian',
    army: 'british',
    weapon: 'flintlock-musket',
    quality: 'raw',
    stands: 6,
    formation: 'column',
    ranks: 3,
  },
];

const MARATHA: readonly UnitTemplate[] = [
  {
    arm: 'infantry',
    regular: true,
    origin: 'indian',
    army: 'native',
    weapon: 'flintlock-musket',
    quality: 'trained',
    stands: 6,
    formation: 'line',
  },
  {
    arm: 'infantry',
    regular: false,
    origin: 'indian',
    army: 'native',
    weapon: 'matchlock',
    quality: 'levy',
    stands: 6,
    formation: 'mass',
  },
  {
    arm: 'artillery',
    regular: true,
    origin: 'indian',
    army: 'native',
    weapon: 'native-field',
    quality: 'trained',
    stands: 2,
    formation: 'unlimbered',
  },
  {
    arm: 'cavalry',
    regular: false,
    origin: 'indian',
    army: 'native',
    weapon: 'none',
    quality: 'trained',
    stands: 4,
    formation: 'mass',
  },
  {
    arm: 'cavalry',
    regular: false,
    lancers: true,
    origin: 'indian',
    army: 'native',
    weapon: 'none',
    quality: 'veteran',
    stands: 4,
    formation: 'mass',
  },
  {
    arm: 'infantry',
    regular: true,
    origin: 'indian',
    army: 'native',
    weapon: 'matchlock',
    quality: 'raw',
    stands: 6,
    formation: 'column',
    ranks: 3,
  },
];

const WIDTH = 72;
const DEPTH = 48;

function units(
  side: 'company' | 'maratha',
  templates: readonly UnitTemplate[],
  count: number,
  brigades: readonly string[],
): Unit[] {
  const out: Unit[] = [];
  const rows = Math.ceil(count / 6);
  for (let i = 0; i < count; i++) {
    const t = templates[i % templates.length]!;
    const row = Math.floor(i / 6);
    const inRow = Math.min(6, count - row * 6);
    const slot = i % 6;
    const x = (WIDTH / (inRow + 1)) * (slot + 1);
    const depthBack = row * 5;
    const y = side === 'company' ? 12 - depthBack - (rows - 1) * 0 : DEPTH - 12 + depthBack;
    out.push({
      ...t,
      id: `${side}-${i + 1}`,
      name: `${side === 'company' ? 'Company' : 'Maratha'} unit ${i + 1}`,
      side,
      commander: brigades[slot < 3 ? 0 : 1]!,
      position: { x, y },
      facing: side === 'company' ? 90 : 270,
    });
  }
  return out;
}

/** The practice battle as a scenario file would hold it. */
export function practiceScenario(options: PracticeOptions = {}): Scenario {
  const n = Math.max(2, Math.min(12, options.unitsPerSide ?? 6));
  return {
    id: 'practice-battle',
    kind: 'training',
    title: 'Practice battle (Muster test fixture)',
    place: 'Anywhere in the Deccan',
    description:
      'A Company brigade and a Maratha force meet across open country with a wood, a hill, a village and a nullah. A fixture for tests.',
    sources: [],
    table: { width: WIDTH, depth: DEPTH },
    basing: {
      figureScale: '15mm',
      stands: {
        infantry: { widthMm: 40, depthMm: 20 },
        cavalry: { widthMm: 40, depthMm: 30 },
        gun: { widthMm: 40, depthMm: 40 },
        crew: { widthMm: 40, depthMm: 20 },
        limber: { widthMm: 40, depthMm: 40 },
        general: { widthMm: 30, depthMm: 30 },
      },
    },
    terrain: [
      {
        id: 'mango-grove',
        kind: 'light-woods',
        outline: [
          { x: 6, y: 20 },
          { x: 16, y: 20 },
          { x: 16, y: 28 },
          { x: 6, y: 28 },
        ],
      },
      {
        id: 'low-hill',
        kind: 'hill',
        elevation: 1,
        steep: false,
        outline: [
          { x: 52, y: 19 },
          { x: 64, y: 19 },
          { x: 64, y: 29 },
          { x: 52, y: 29 },
        ],
      },
      {
        id: 'village',
        kind: 'town',
        outline: [
          { x: 32, y: 21 },
          { x: 40, y: 21 },
          { x: 40, y: 27 },
          { x: 32, y: 27 },
        ],
        buildings: [
          [
            { x: 33, y: 22 },
            { x: 35, y: 22 },
            { x: 35, y: 24 },
            { x: 33, y: 24 },
          ],
          [
            { x: 37, y: 24 },
            { x: 39, y: 24 },
            { x: 39, y: 26 },
            { x: 37, y: 26 },
          ],
        ],
      },
      {
        id: 'dry-nullah',
        kind: 'nullah',
        path: [
          { x: 20, y: 30 },
          { x: 28, y: 31 },
        ],
        width: 1.5,
        crossingDice: 1,
      },
    ],
    sides: [
      { id: 'company', name: 'The Company brigade', army: 'East India Company', baseEdge: 'south' },
      { id: 'maratha', name: 'The Maratha force', army: 'Maratha Confederacy', baseEdge: 'north' },
    ],
    generals: [
      {
        id: 'company-chief',
        name: 'Colonel Wallace',
        side: 'company',
        rank: 'commander-in-chief',
        generalship: 'Reliable',
        leadership: 'Inspiring',
        mounted: true,
        position: { x: 36, y: 4 },
      },
      {
        id: 'company-left',
        name: 'Major Hill',
        side: 'company',
        rank: 'brigadier',
        superior: 'company-chief',
        generalship: 'Competent',
        leadership: 'Cautious',
        mounted: true,
        position: { x: 18, y: 6 },
      },
      {
        id: 'company-right',
        name: 'Major Dalrymple',
        side: 'company',
        rank: 'brigadier',
        superior: 'company-chief',
        generalship: 'Lackluster',
        leadership: 'Confident',
        mounted: true,
        position: { x: 54, y: 6 },
      },
      {
        id: 'maratha-chief',
        name: 'Sardar Rao',
        side: 'maratha',
        rank: 'commander-in-chief',
        generalship: 'Competent',
        leadership: 'Heroic',
        mounted: true,
        position: { x: 36, y: 44 },
      },
      {
        id: 'maratha-left',
        name: 'Bapu Singh',
        side: 'maratha',
        rank: 'brigadier',
        superior: 'maratha-chief',
        generalship: 'Lackluster',
        leadership: 'Dithering',
        mounted: true,
        position: { x: 18, y: 42 },
      },
      {
        id: 'maratha-right',
        name: 'Monsieur Perron',
        side: 'maratha',
        rank: 'brigadier',
        superior: 'maratha-chief',
        generalship: 'Reliable',
        leadership: 'Cautious',
        mounted: true,
        position: { x: 54, y: 42 },
      },
    ],
    units: [
      ...units('company', COMPANY, n, ['company-left', 'company-right']),
      ...units('maratha', MARATHA, n, ['maratha-left', 'maratha-right']),
    ],
    deployment: [
      {
        id: 'company-zone',
        side: 'company',
        outline: [
          { x: 0, y: 0 },
          { x: WIDTH, y: 0 },
          { x: WIDTH, y: 14 },
          { x: 0, y: 14 },
        ],
      },
      {
        id: 'maratha-zone',
        side: 'maratha',
        outline: [
          { x: 0, y: DEPTH - 14 },
          { x: WIDTH, y: DEPTH - 14 },
          { x: WIDTH, y: DEPTH },
          { x: 0, y: DEPTH },
        ],
      },
    ],
    victory: {
      turnLimit: options.turnLimit ?? 10,
      objectives: [{ id: 'the-village', name: 'The village', position: { x: 36, y: 24 }, radius: 6 }],
      conditions: [
        { kind: 'hold-objectives', side: 'company', objectives: ['the-village'], when: 'turn-limit' },
        { kind: 'army-morale', side: 'company', fraction: 0.5 },
        { kind: 'army-morale', side: 'maratha', fraction: 0.5 },
      ],
      atTurnLimit: 'maratha',
    },
  };
}
