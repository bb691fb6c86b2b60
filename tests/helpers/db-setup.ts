// Runs before each server test file (a setup file): after the file, the databases it opened
// through test-db.ts are closed. Set here rather than in test-db.ts, whose top level runs once
// per worker when test files share one.
import { afterAll } from 'vitest';

import { closeTestDatabases } from './test-db.ts';

afterAll(closeTestDatabases);
