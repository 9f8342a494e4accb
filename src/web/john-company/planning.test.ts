import { describe, expect, it } from 'vitest';
import { describeManoeuvre, manoeuvresForDrag } from './planning.ts';

describe('planning a move by dragging its ghost', () => {
  it('reads a drag straight ahead as an advance, whatever the facing', () => {
    expect(manoeuvresForDrag(90, 0, 4)).toEqual([{ kind: 'advance', inches: 4 }]);
    expect(manoeuvresForDrag(0, 2.5, 0.1)).toEqual([{ kind: 'advance', inches: 2.5 }]);
  });

  it('reads a drag to a side as an oblique, + to the left', () => {
    // Facing north (90): west (-x) is the unit's left.
    expect(manoeuvresForDrag(90, -3, 3)).toEqual([{ kind: 'oblique', inches: 4.2, degrees: 45 }]);
    expect(manoeuvresForDrag(90, 3, 3)).toEqual([{ kind: 'oblique', inches: 4.2, degrees: -45 }]);
  });

  it('reads a drag backwards as an about face and an advance, and a tiny drag as nothing', () => {
    expect(manoeuvresForDrag(90, 0, -2)).toEqual([{ kind: 'about-face' }, { kind: 'advance', inches: 2 }]);
    expect(manoeuvresForDrag(90, 0.01, 0.02)).toEqual([]);
  });

  it('describes manoeuvres in words', () => {
    expect(describeManoeuvre({ kind: 'oblique', inches: 3, degrees: -30 })).toBe('oblique 3" at 30° right');
    expect(describeManoeuvre({ kind: 'wheel', degrees: 45 })).toBe('wheel 45° left');
  });
});
