/**
 * What an instance has done since it started, for `/readyz`: the schema migrated and the first
 * data loaded (the replay built, or the first sync from the upstreams). main.ts marks each step;
 * an app built without one (tests) counts as ready.
 */
export type Readiness = {
  markMigrated(): void;
  markDataLoaded(): void;
  state(): { migrated: boolean; dataLoaded: boolean };
};

export function createReadiness(): Readiness {
  let migrated = false;
  let dataLoaded = false;
  return {
    markMigrated: () => {
      migrated = true;
    },
    markDataLoaded: () => {
      dataLoaded = true;
    },
    state: () => ({ migrated, dataLoaded }),
  };
}
