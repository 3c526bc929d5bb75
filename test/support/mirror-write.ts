// A mirror's writes as the session runs them (one transaction each), for tests and benchmarks that
// drive the outbox or the store without a session; what each write reports is collected in `changes`.
import { ChangeCollector, type MirrorWrite } from '../../main/store/changes';
import type { MirrorDatabase } from '../../main/store/database';
import type { MirrorChanges } from '../../shared/mirror-changes';

export function writesTo(db: MirrorDatabase, changes: MirrorChanges[] = []): MirrorWrite {
  return (write) => {
    const collector = new ChangeCollector();
    const result = db.transaction(() => write(db, collector))();
    if (!collector.empty) changes.push(collector.notice());
    return result;
  };
}
