// The battle pool's worker entry when Muster runs from its TypeScript sources: registers tsx's loader
// in the worker thread (a loader registered on the main thread does not reach workers), then serves
// battle-worker.ts. The built bundle has its own dist/cli/battle-worker.mjs, compiled from that file.
import { register } from 'tsx/esm/api';

register();
const { playTask } = await import('./battle-worker.ts');
export default playTask;
