import type { CallOptions } from '../check.js';
import { type CheckContext, HarnessShortfall } from '../check.js';
import type { OperationId } from '../described.js';
import { createModel, type ModelVerdict } from '../model/judge.js';
import type { Exchange } from '../types.js';

/** A stated contradiction a sequence met: the model's, or an answer the interface rules out. */
export type Problem = ModelVerdict & { exchange: Exchange };

/** A record the sequence holds: its token, kind, roadmap and role, its test, the organizer's mode. */
export interface Held {
  token: string;
  roadmap?: string;
  role?: number;
  test: Record<string, unknown>;
  sms: boolean;
}

/** A roadmap the sequence holds, its roles and records as read, and whether an authentication completed. */
export interface HeldRoadmap {
  token: string;
  roles: number[];
  records: Held[];
  sms: boolean;
  authenticated: boolean;
}

/** Ends a sequence where the run's share of requests or its fixtures end: what it did stands, it fails nothing. */
export class Spent extends Error {}

/** The requests exploration may send in all (shrinking replays included). */
export interface Budget {
  left: number;
}

/**
 * One sequence's deployment as the commands meet it: every call through the run's context (so the
 * response rules and the run's model judge it too) and through a model of the sequence's own, whose
 * verdicts end the sequence as a failure fast-check shrinks.
 */
export class World {
  readonly exchanges: Exchange[] = [];
  readonly problems: Problem[] = [];
  readonly records: Held[] = [];
  readonly roadmaps: HeldRoadmap[] = [];
  /** Records authenticated, and those whose answers were accepted, in this sequence (fresh ones are neither). */
  readonly authenticated = new Set<string>();
  readonly finished = new Set<string>();
  /** Why the sequence stopped early (its requests or fixtures spent), when it did. */
  stopped?: string;
  private readonly model = createModel();

  constructor(
    readonly ctx: CheckContext,
    private readonly budget: Budget,
  ) {}

  async call<Op extends OperationId>(operationId: Op, options: CallOptions<Op>): Promise<Exchange> {
    if (this.budget.left <= 0) throw new Spent('the requests of exploration are spent');
    this.budget.left--;
    const x = await this.ctx.call(operationId, options);
    this.exchanges.push(x);
    for (const v of this.model.observe(x)) this.problems.push({ ...v, exchange: x });
    if (x.response.status >= 500)
      this.problem(
        x,
        'response.no-5xx',
        'Every response uses the same envelope (see Errors).',
        `answered ${x.response.status}`,
      );
    return x;
  }

  problem(exchange: Exchange, id: string, quote: string, message: string) {
    this.problems.push({ id, quote, message, exchanges: [exchange], exchange });
  }

  /** A fresh resource, or the end of the sequence when the fixtures have none. */
  async take(kind: 'ready' | 'roadmaps'): Promise<string> {
    try {
      if (this.budget.left <= 0) throw new Spent('the requests of exploration are spent');
      return await this.ctx.take(kind);
    } catch (error) {
      if (error instanceof HarnessShortfall) throw new Spent(error.message);
      throw error;
    }
  }

  /** Ends the command as failed when the model or an answer contradicted the interface. */
  settle() {
    const [first] = this.problems;
    if (first) throw new Error(`${first.id}: ${first.message}`);
  }
}
