import { describe, expect, it } from 'vitest';
import { announcedResult, inWords, scenarioWords, scenarioWordsOf, verdictInWords } from './verdict.ts';

const training = {
  sides: [
    { id: 'company', name: "The Company's brigades" },
    { id: 'maratha', name: 'The Maratha force' },
  ],
  victory: { objectives: [{ id: 'village', name: 'The village' }] },
};
const words = scenarioWords(training);

describe("a battle's verdict in the players' words", () => {
  it('says who won and why with the names of the sides and objectives, never their ids', () => {
    expect(
      verdictInWords(
        { winner: 'maratha', reason: 'maratha holds village when the turn limit ended the battle (turn 2)' },
        words,
      ),
    ).toBe(
      'Victory to the Maratha force: it holds the village when the turn limit ended the battle (turn 2)',
    );
    expect(
      verdictInWords({ winner: 'maratha', reason: 'company broke (4 of 7 units routed or gone)' }, words),
    ).toBe("Victory to the Maratha force: the Company's brigades broke (4 of 7 units routed or gone)");
    expect(verdictInWords({ reason: 'turn limit 10: a draw' }, words)).toBe('A draw: turn limit 10: a draw');
  });

  it('replaces whole ids only', () => {
    expect(inWords('maratha-guns and Maratha horse near village', words)).toBe(
      'maratha-guns and Maratha horse near the village',
    );
    expect(scenarioWordsOf(training)).toEqual(words);
    expect(scenarioWordsOf(null).size).toBe(0);
  });

  it('finds the result an end-of-battle event announces', () => {
    expect(announcedResult({ type: 'game-over', result: { reason: 'x' } })).toEqual({ reason: 'x' });
    expect(announcedResult({ type: 'fired' })).toBeUndefined();
  });
});
