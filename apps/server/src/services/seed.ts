import type { SqlRunner } from '../db/database.ts';
import type { SeededRandom } from '../db/seed/random.ts';

/**
 * What one module's demo seed is given. Every module's seed runs in the same transaction, in the
 * order of the service list, and draws from one PRNG: the same options give the same estate,
 * byte for byte, as long as no module changes the order of its draws.
 */
export interface DemoSeedContext {
  db: SqlRunner;
  /** The PRNG seed (`opsdeck` unless told). */
  seed: string;
  /** A key under the seed, for seedUuid(key('checks:1')) ids that are stable across runs. */
  key(s: string): string;
  random: SeededRandom;
  /** The instant history is generated back from. */
  now: Date;
  /**
   * The size knobs (`--checks N`; `--components N`, `--configs N` and `--playbook-runs N`, a
   * generated topology, catalog and run history for benchmarks).
   */
  size: { checks: number; components?: number; configs?: number; playbookRuns?: number };
  /**
   * What earlier modules' seeds made and later ones refer to (people, agents, teams…); a module
   * reads it with `need(context.estate.x, 'x')`.
   */
  estate: DemoEstate;
  /** Reports one finished step (CLI progress lines). */
  step(name: string): void;
}

/** Ids one module's seed leaves for the next ones. Add a field when a module shares something. */
export interface DemoEstate {
  adminId?: string;
  personIds?: string[];
  agentIds?: string[];
  teamIds?: string[];
  canaries?: number;
  checkStatuses?: number;
  components?: number;
  configs?: number;
  topologyId?: string;
  rootComponentId?: string;
  scraperIds?: { kubernetes: string; aws: string };
  /** Kubernetes::Deployment config ids. */
  deployments?: string[];
}

export type DemoSeed = (context: DemoSeedContext) => Promise<void>;

/** A value an earlier module's seed should have left; a missing one is a service-order mistake. */
export function need<T>(value: T | undefined, name: string): T {
  if (value === undefined)
    throw new Error(`the demo seed needs ${name} from an earlier service: check the service order`);
  return value;
}
