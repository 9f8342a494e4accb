import { generateTable } from '../../../core/table/fixtures.ts';
import type { TableState, UnitState } from '../../../core/table/model.ts';
import type { Formation } from '../vocabulary.ts';
import type { JcForces, JcGeneralProfile, JcUnitProfile, JcUnitState } from './unit-profile.ts';

/**
 * The seeded benchmark table (`generateTable`, core/table/fixtures.ts) as a John Company battle, for
 * tests and `npm run bench`: its placeholder formations become John Company's and every unit and
 * General gets a profile (invented, like the table). Unit types follow the generator's six kinds
 * (infantry line, infantry column, cavalry line, a gun, skirmishers, a mass); red is British, blue
 * native. A few units get states that exercise the derivations (Defend orders, disorder, losses).
 */

const FORMATION: Readonly<Record<string, Formation>> = {
  line: 'close-order-line',
  column: 'close-order-column',
  battery: 'artillery-deployed',
  skirmish: 'skirmish-order',
  mass: 'mass',
};

function profileFor(unit: UnitState, type: number, british: boolean): JcUnitProfile {
  const startingStands = unit.stands.filter((s) => s.kind !== 'gun' && s.kind !== 'limber').length;
  switch (type) {
    case 0:
      return british
        ? {
            troop: 'british-infantry',
            origin: 'european',
            weapon: 'percussion-musket',
            resolveLevel: 20,
            startingStands,
            lightCompanyStands: 2,
          }
        : {
            troop: 'native-regular-infantry',
            origin: 'indian',
            weapon: 'flintlock-musket',
            resolveLevel: 17,
            startingStands,
          };
    case 1:
      return {
        troop: british ? 'british-infantry' : 'native-regular-infantry',
        origin: 'indian',
        weapon: 'flintlock-musket',
        resolveLevel: 17,
        startingStands,
      };
    case 2:
      return british
        ? {
            troop: 'british-cavalry',
            origin: 'european',
            cavalryWeight: 'heavy',
            weapon: 'carbine',
            resolveLevel: 18,
            startingStands,
          }
        : {
            troop: 'native-regular-cavalry',
            origin: 'indian',
            lancers: true,
            resolveLevel: 16,
            startingStands,
          };
    case 3:
      return british
        ? {
            troop: 'british-field-artillery',
            origin: 'european',
            weapon: 'british-field',
            resolveLevel: 18,
            startingStands,
          }
        : {
            troop: 'jinsi-field-artillery',
            origin: 'indian',
            weapon: 'native-field',
            resolveLevel: 15,
            startingStands,
            nativeIrregularCrew: true,
          };
    case 4:
      return {
        troop: british ? 'british-infantry' : 'native-regular-infantry',
        origin: british ? 'european' : 'indian',
        weapon: 'flintlock-rifle',
        resolveLevel: 18,
        startingStands,
        skirmishCapable: true,
      };
    default:
      return {
        troop: 'native-irregular-infantry',
        origin: 'indian',
        weapon: 'matchlock',
        resolveLevel: 12,
        startingStands: startingStands + 2,
      };
  }
}

function stateFor(i: number): JcUnitState {
  switch (i % 7) {
    case 0:
      return { orders: 'defend' };
    case 1:
      return { orders: 'advance', lastStatus: 'Confident' };
    case 2:
      return { orders: 'charge', disordered: true, standsLostSinceLastCheck: 1 };
    case 3:
      return { orders: 'advance', targetOfSmallArmsFire: true };
    case 4:
      return { orders: 'retire', lastStatus: 'Shaken', targetOfArtilleryFire: true };
    case 5:
      return { orders: 'defend', committed: true };
    default:
      return {};
  }
}

/** Profiles and states for a table made by `generateTable` (units `u<i>`, generals `g<i>`). */
export function fixtureForces(table: TableState): JcForces {
  const profiles: Record<string, JcUnitProfile> = {};
  const states: Record<string, JcUnitState> = {};
  for (const unit of Object.values(table.units)) {
    const i = Number(unit.id.slice(1));
    profiles[unit.id] = profileFor(unit, i % 6, unit.side === 'red');
    states[unit.id] = stateFor(i);
  }
  const generals: Record<string, JcGeneralProfile> = {};
  const leaderships = ['Inspiring', 'Cautious', 'Heroic', 'Dithering', 'Confident', 'Poltroon'] as const;
  Object.keys(table.generals).forEach((id, i) => {
    generals[id] = {
      leadership: leaderships[i % leaderships.length]!,
      generalship: 'Competent',
      commanderInChief: i < 2,
    };
  });
  return { profiles, states, generals };
}

/** `generateTable(seed)` with John Company formation ids, and its forces. */
export function fixtureBattle(seed: number): { readonly table: TableState; readonly forces: JcForces } {
  const raw = generateTable(seed);
  const units: Record<string, UnitState> = {};
  for (const u of Object.values(raw.units))
    units[u.id] = { ...u, formation: FORMATION[u.formation] ?? u.formation };
  const table = { ...raw, units };
  return { table, forces: fixtureForces(table) };
}
