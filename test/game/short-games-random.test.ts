import { seeds, shortGames } from './short-games.ts';

shortGames('random v random', seeds(1, 50));
shortGames('random v computer', seeds(1, 50));
