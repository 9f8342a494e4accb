import { describe, expect, it } from 'vitest';
import type { GamePlay, GameSummary, PlayChange } from './api.ts';
import { diffJson } from './patch.ts';
import { applyPlayChange, pictureOf } from './play-change.ts';

const game = { id: 'g', commands: 2 } as GameSummary;
const entry = (index: number) => ({ index, side: 'company', turn: 1, text: `command ${index}`, events: [] });
const held: GamePlay = {
  game: { id: 'g', commands: 1 } as GameSummary,
  viewer: 'company',
  at: 1,
  total: 1,
  view: { units: { a: { x: 1 } } },
  decider: 'company',
  deciderSeat: 'human',
  legal: [{ type: 'finish-orders' }],
  legalText: ['finish orders'],
  log: [entry(0)],
  from: 0,
};
const after: GamePlay = {
  ...held,
  game,
  at: 2,
  total: 2,
  view: { units: { a: { x: 2 } } },
  undoable: true,
  log: [entry(0), entry(1)],
};
const change: PlayChange = {
  viewer: 'company',
  base: 1,
  patch: diffJson(pictureOf(held), pictureOf(after))!,
  log: [entry(1)],
  from: 1,
};

describe('applyPlayChange', () => {
  it('brings the play held to the play after the change, log and summary included', () => {
    expect(applyPlayChange(held, game, change)).toEqual(after);
  });

  it('drops the entries from `from` on (an undo) and takes a whole picture without a base', () => {
    const undone = applyPlayChange(after, held.game, {
      viewer: 'company',
      base: 2,
      patch: diffJson(pictureOf(after), pictureOf(held))!,
      log: [],
      from: 1,
    });
    expect(undone).toEqual(held);
    expect(
      applyPlayChange(undefined, held.game, {
        viewer: 'company',
        patch: [pictureOf(held)],
        log: held.log,
        from: 0,
      }),
    ).toEqual(held);
  });

  it('refuses a change that is not from the play held (another viewer, position, a scrubbed view) or does not fit it', () => {
    expect(applyPlayChange(held, game, { ...change, viewer: 'maratha' })).toBeUndefined();
    expect(applyPlayChange(held, game, { ...change, base: 0 })).toBeUndefined();
    expect(applyPlayChange({ ...held, at: 0 }, game, change)).toBeUndefined();
    expect(applyPlayChange(undefined, game, change)).toBeUndefined();
    expect(
      applyPlayChange(held, game, { ...change, patch: { o: { at: { o: { x: [1] } } } } }),
    ).toBeUndefined();
  });
});
