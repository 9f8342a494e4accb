import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../core/table/fixtures.ts';
import type { TerrainFeature } from '../../../core/table/model.ts';
import { legsOf } from './movement-contact.ts';
import { rect, unit } from './movement-fixtures.ts';
import type { Manoeuvre } from './movement-manoeuvres.ts';
import { poseOf } from './movement-manoeuvres.ts';
import { surveyPath } from './movement-path.ts';
import { prepareGround } from './movement-terrain.ts';

/** Unit 'a' centred on (20, 10) facing +y: front y 10.375 from x 17 to 23. */
const A = unit('a', { x: 20, y: 10 });

function survey(terrain: TerrainFeature[], manoeuvres: Manoeuvre[], troop = 'british-infantry' as const) {
  return surveyPath(
    prepareGround(tableOf({ units: [A], terrain })),
    legsOf(poseOf(A), manoeuvres).legs,
    troop,
  );
}

const line = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y1 },
];

describe('the path facts of a move', () => {
  it('splits each manoeuvre into open ground and terrain', () => {
    const s = survey(
      [{ id: 'w', kind: 'difficult', outline: rect(0, 12, 40, 13) }],
      [
        { kind: 'advance', inches: 3 },
        { kind: 'flank-march', inches: 1, side: 'left' },
      ],
    );
    expect(s.path.moveInches).toBeCloseTo(2, 12);
    expect(s.path.flankMarchInches).toBeCloseTo(1, 12);
    expect(s.path.terrain).toEqual([{ terrain: 'difficult', inches: expect.closeTo(1, 12) }]);
  });

  it('counts wall crossings per manoeuvre, and city walls apart', () => {
    const s = survey(
      [
        { id: 'wall', kind: 'wall-high', path: line(0, 12, 40, 12) },
        { id: 'city', kind: 'fortified-city-wall', path: line(0, 10.8, 40, 10.8) },
      ],
      [{ kind: 'advance', inches: 3 }, { kind: 'about-face' }, { kind: 'advance', inches: 3 }],
    );
    expect(s.path.walls).toEqual(['high', 'high']);
    expect(s.path.aboutFaces).toBe(1);
    expect(s.impassableBarriers).toEqual(['city', 'city']);
  });

  it('takes the dice of the first fordable river crossed', () => {
    const s = survey(
      [{ id: 'r', kind: 'fordable-river', path: line(0, 14, 40, 14), width: 6, crossingDice: 4 }],
      [{ kind: 'advance', inches: 5 }],
    );
    expect(s.path.water).toEqual(['river']);
    expect(s.path.riverDice).toBe(4);
  });

  it('reports Disordering terrain crossed by any stand, not only the costliest', () => {
    const s = survey(
      [
        { id: 'sw', kind: 'swamp', outline: rect(17, 12, 18, 13) },
        { id: 'w', kind: 'heavy-woods', outline: rect(21, 12, 23, 16) },
      ],
      [{ kind: 'advance', inches: 4 }],
    );
    expect(s.path.terrain.map((t) => t.terrain)).toEqual(['heavy-woods']);
    expect(s.disorderingTerrain).toEqual(['swamp']);
  });
});
