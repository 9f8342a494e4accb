import { seeds, shortGames } from './short-games.ts';

shortGames('computer v random', seeds(1001, 50));
shortGames('computer v computer', seeds(1001, 50));
