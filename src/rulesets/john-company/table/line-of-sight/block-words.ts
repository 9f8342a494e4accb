import type { TableIndex } from '../../../../core/table/spatial-index.ts';
import { HILL_SIGHT, sightRule, TOWN_SIGHT, WOODS_SIGHT } from '../terrain.ts';
import { SCREEN_DEPTH, SCREEN_DEPTH_CAVALRY, SCREEN_RULE } from './screens.ts';
import { SIGHT_REASONS, type SightBlocker, type SightVerdict } from './verdicts.ts';

/**
 * What blocked a sight line, in Muster's words: `reasonIndex` is a SIGHT_REASONS index, `culprit` the index
 * of the stand (for a stand in the way) or of the feature responsible.
 */
export function describeBlock(
  ix: TableIndex,
  reasonIndex: number,
  culprit: number,
): NonNullable<SightVerdict['blocked']> {
  const reason = SIGHT_REASONS[reasonIndex]!;
  if (reason === 'stand-in-the-way') {
    const standId = ix.standIds[culprit]!;
    const ownerId = ix.standOwner[culprit]!;
    return {
      reason,
      by: { kind: 'stand', standId, ownerId },
      rule: sightRule('any unit blocks'),
      label: `Stand ${standId} of ${ownerId} is in the way`,
    };
  }
  if (reason === 'skirmishers-in-the-way' || reason === 'screened-by-skirmishers') {
    const standId = ix.standIds[culprit]!;
    const ownerId = ix.standOwner[culprit]!;
    return {
      reason,
      by: { kind: 'stand', standId, ownerId },
      rule: SCREEN_RULE,
      label:
        reason === 'skirmishers-in-the-way'
          ? `The skirmish line of ${ownerId} is in the way: no fire through or over skirmishers`
          : `Screened by the skirmish line of ${ownerId}: more than ${SCREEN_DEPTH}" behind it (${SCREEN_DEPTH_CAVALRY}" for cavalry behind infantry)`,
    };
  }
  const f = ix.features[culprit]!;
  const by: SightBlocker = { kind: 'terrain', featureId: f.id, terrainKind: f.kind };
  const woods =
    f.kind === 'light-woods' || f.kind === 'heavy-woods' ? WOODS_SIGHT[f.kind] : WOODS_SIGHT['light-woods'];
  const hillRule = HILL_SIGHT.rule;
  switch (reason) {
    case 'barrier':
      return {
        reason,
        by,
        rule: sightRule('walls and buildings block'),
        label: `${f.kind} ${f.id} is in the way`,
      };
    case 'woods-too-far-inside':
      return { reason, by, rule: woods.rule, label: `Both in ${f.id}, more than ${woods.within}" apart` };
    case 'woods-too-deep-to-see-out':
      return {
        reason,
        by,
        rule: woods.rule,
        label: `More than ${woods.fireOut}" of ${f.id} between the viewer and its edge`,
      };
    case 'woods-too-far-outside':
      return { reason, by, rule: woods.rule, label: `Viewer more than ${woods.reach}" outside ${f.id}` };
    case 'woods-too-deep-to-see-in':
      return { reason, by, rule: woods.rule, label: `Target more than ${woods.seeIn}" inside ${f.id}` };
    case 'woods-in-the-way':
      return { reason, by, rule: woods.rule, label: `${f.id} is in the way` };
    case 'town-in-the-way':
      return { reason, by, rule: TOWN_SIGHT.rule, label: `Town ${f.id} is in the way` };
    case 'town-not-at-edge':
      return {
        reason,
        by,
        rule: TOWN_SIGHT.edgeRule,
        label: `In ${f.id} but not defending it, and more than ${TOWN_SIGHT.edge}" from its edge`,
      };
    case 'hill-crest':
      return { reason, by, rule: hillRule, label: `The crest of ${f.id} hides it (neither end is higher)` };
    default: {
      const steep = f.kind === 'hill' && f.steep;
      const limit = steep ? HILL_SIGHT.pastLowerSteepCrest : HILL_SIGHT.pastLowerCrest;
      return { reason, by, rule: hillRule, label: `More than ${limit}" past the crest of ${f.id}` };
    }
  }
}
