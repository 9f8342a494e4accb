import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { md, mdReconstruction } from '../vocabulary.ts';

/**
 * MacDuff's small-arms classes. The text names smoothbore carbines, smoothbore muskets and
 * jezzails/rifled carbines (8.2), early rifles firing patched ball (8.4 d), breechloaders (8.5),
 * repeaters (8.6) and revolvers (8.7).
 */
export const SMALL_ARM_CLASSES = [
  'smoothbore-carbine',
  'smoothbore-musket',
  'rifled-muzzle-loader',
  'patched-ball-rifle',
  'breechloader',
  'repeater',
  'revolver',
] as const;
export type SmallArmClass = (typeof SMALL_ARM_CLASSES)[number];

/** How a class loads, which decides its fire options (8.4-8.7). */
export type Loading = 'muzzle' | 'patched-ball' | 'breech' | 'magazine' | 'revolver';

export interface SmallArmRow {
  /** Close range, inches: hits on 4-6 (8.2). */
  readonly close: number;
  /** Long range, inches: hits on 5-6 (8.2); equal to `close` where there is no long range. */
  readonly long: number;
  readonly loading: Loading;
  readonly rule: RuleRef;
}

/**
 * The small-arms range table (8.2): lost (rules-facts gap 33). Muster's reconstruction, at the skirmish
 * ground scale of 1" = 10 yards (1.2): smoothbore carbines 6"/12", smoothbore muskets 8"/16", rifled
 * muzzle-loaders (jezzails, rifled carbines and muskets) and patched-ball rifles 12"/30", breechloaders
 * and repeaters 15"/40", revolvers 3" (close only). A scenario may replace any row.
 */
export const SMALL_ARMS_TABLE: TableMeta & { readonly rows: Readonly<Record<SmallArmClass, SmallArmRow>> } = {
  id: 'macduff-small-arms',
  title: 'Small-arms ranges',
  source: mdReconstruction('8.2 To Hit', 'the range table'),
  readings: ['Small-arms range table'],
  rows: {
    'smoothbore-carbine': {
      close: 6,
      long: 12,
      loading: 'muzzle',
      rule: md('8.2 To Hit', 'smoothbore carbines'),
    },
    'smoothbore-musket': {
      close: 8,
      long: 16,
      loading: 'muzzle',
      rule: md('8.2 To Hit', 'smoothbore muskets'),
    },
    'rifled-muzzle-loader': {
      close: 12,
      long: 30,
      loading: 'muzzle',
      rule: md('8.2 To Hit', 'jezzails and rifled carbines'),
    },
    'patched-ball-rifle': { close: 12, long: 30, loading: 'patched-ball', rule: md('8.4 Muskets', 'd') },
    breechloader: { close: 15, long: 40, loading: 'breech', rule: md('8.5 Breechloaders') },
    repeater: { close: 15, long: 40, loading: 'magazine', rule: md('8.6 Repeaters') },
    revolver: { close: 3, long: 3, loading: 'revolver', rule: md('8.7 Pistols') },
  },
};

/** The to-hit scores (8.2), mounted fire (8.9: the truncated "needs 6 to [hit]"). */
export const TO_HIT = {
  close: { score: 4, rule: md('8.2 To Hit', 'close range') },
  long: { score: 5, rule: md('8.2 To Hit', 'long range') },
  mounted: { score: 6, rule: md('8.9 Mounted Fire') },
} as const;

/** Range bands (8.2). */
export const RANGE_BANDS = ['close', 'long'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

/** The band a distance falls in for a class, or undefined beyond long range. */
export function rangeBandOf(weapon: SmallArmRow, inches: number): RangeBand | undefined {
  if (inches <= weapon.close) return 'close';
  if (inches <= weapon.long) return 'long';
  return undefined;
}

/** The fire options of 8.4-8.7. */
export const FIRE_OPTIONS = [
  'stand',
  'half-and-move',
  'volley-and-move',
  'fire-and-move',
  'stand-twice',
  'stand-four',
] as const;
export type FireOption = (typeof FIRE_OPTIONS)[number];

export interface FireOptionRow {
  /** Share of the eligible figures that fire. */
  readonly share: 1 | 0.5;
  /** Times the unit fires. */
  readonly volleys: 1 | 2 | 4;
  /** It may move half a move after firing. */
  readonly moveHalf: boolean;
  /** Smoke markers it takes (muzzle-loaders, 8.4). */
  readonly smoke: 0 | 1 | 2;
  /** It may not fire again until it rallies. */
  readonly mustRally: boolean;
  /** Which loadings may use it. */
  readonly loadings: readonly Loading[];
  /** Only close-order regulars who have not fired since they last rallied (8.4 c). */
  readonly freshCloseOrderRegularsOnly: boolean;
  readonly rule: RuleRef;
}

export const FIRE_OPTIONS_TABLE: TableMeta & { readonly rows: Readonly<Record<FireOption, FireOptionRow>> } =
  {
    id: 'macduff-fire-options',
    title: 'Fire options',
    source: md('8.4 Muskets'),
    rows: {
      stand: {
        share: 1,
        volleys: 1,
        moveHalf: false,
        smoke: 1,
        mustRally: false,
        loadings: ['muzzle', 'revolver'],
        freshCloseOrderRegularsOnly: false,
        rule: md('8.4 Muskets', 'a'),
      },
      'half-and-move': {
        share: 0.5,
        volleys: 1,
        moveHalf: true,
        smoke: 1,
        mustRally: false,
        loadings: ['muzzle'],
        freshCloseOrderRegularsOnly: false,
        rule: md('8.4 Muskets', 'b'),
      },
      'volley-and-move': {
        share: 1,
        volleys: 1,
        moveHalf: true,
        smoke: 2,
        mustRally: true,
        loadings: ['muzzle', 'patched-ball'],
        freshCloseOrderRegularsOnly: true,
        rule: md('8.4 Muskets', 'c'),
      },
      'fire-and-move': {
        share: 1,
        volleys: 1,
        moveHalf: true,
        smoke: 0,
        mustRally: false,
        loadings: ['breech', 'magazine'],
        freshCloseOrderRegularsOnly: false,
        rule: md('8.5 Breechloaders'),
      },
      'stand-twice': {
        share: 1,
        volleys: 2,
        moveHalf: false,
        smoke: 0,
        mustRally: false,
        loadings: ['breech', 'magazine'],
        freshCloseOrderRegularsOnly: false,
        rule: md('8.5 Breechloaders'),
      },
      'stand-four': {
        share: 1,
        volleys: 4,
        moveHalf: false,
        smoke: 0,
        mustRally: true,
        loadings: ['magazine'],
        freshCloseOrderRegularsOnly: false,
        rule: md('8.6 Repeaters'),
      },
    },
  };

/**
 * National modifiers to shooting dice (8.3): Boers and Metis +1; other natives -1 when fighting the
 * British. No Boers or Metis fight in 1750-1860; the modifier stays for other scenarios.
 */
export const NATIONAL_MODIFIERS = ['none', 'boer-or-metis', 'native-against-british'] as const;
export type NationalModifier = (typeof NATIONAL_MODIFIERS)[number];

export const NATIONAL_MODIFIER_WORDS: Readonly<Record<NationalModifier, string>> = {
  none: 'No national modifier',
  'boer-or-metis': 'Boers or Metis',
  'native-against-british': 'Natives fighting the British',
};

export const NATIONAL_MODIFIER_VALUE: Readonly<Record<NationalModifier, number>> = {
  none: 0,
  'boer-or-metis': 1,
  'native-against-british': -1,
};
