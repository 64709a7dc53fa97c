// One fast-check command: a label (what the failure report and the replay show), when it may
// run (on the model), and what it does to the real phone and world. After each one the cheap
// invariants are checked, so a failure names the step that broke them.
import type fc from 'fast-check';
import { checkStep } from './invariants';
import type { Model, Real } from './model';

export function command(label: string, check: (m: Readonly<Model>) => boolean, run: (m: Model, r: Real) => Promise<void>): fc.AsyncCommand<Model, Real> {
  return {
    check,
    async run(m, r) {
      m.trace.push(label);
      try {
        await run(m, r);
      } catch (error) {
        // A full storage fails what writes (the driver is told, nothing was accepted); anything else is a defect.
        if (!r.storage.full) throw error;
        m.trace.push(`  (failed, the storage is full: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      }
      await checkStep(m, r);
    },
    toString: () => label,
  };
}
