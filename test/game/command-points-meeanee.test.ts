import { describeBattlesToTheEnd } from './command-point-battles.ts';

describeBattlesToTheEnd('Meeanee', 'meeanee-1843');
