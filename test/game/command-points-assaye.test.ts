import { describeBattlesToTheEnd } from './command-point-battles.ts';

describeBattlesToTheEnd('Assaye', 'assaye-1803');
