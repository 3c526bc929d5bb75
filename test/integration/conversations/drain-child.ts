// The app process of a crash test started once more and left to drain its outbox to empty (read
// from the mirror file it writes), then stopped.
import { openMirror } from '../../../main/store/database';
import { outboxItems } from '../../../main/store/outbox';
import { killHard, type Child } from '../../support/child-process';
import { until } from '../sync/engine-harness';

export async function drainToEmpty(start: () => Child, mirrorPath: string): Promise<void> {
  const last = start();
  try {
    await until(
      () => {
        const check = openMirror(mirrorPath);
        try {
          return outboxItems(check).length === 0;
        } finally {
          check.close();
        }
      },
      'the queue drained',
      60_000,
    );
  } finally {
    await killHard(last.process);
  }
}
