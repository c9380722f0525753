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
  /** Its detail, when taken, showed it ready (status 2, auth_required true): rule 1's filter lists it while nothing changes it. */
  ready?: boolean;
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

/** A resource a sequence only read: the next sequence takes it as it was, its reads replayed (no request). */
export interface Spare {
  held: Held | HeldRoadmap;
  reads: Exchange[];
}

/** The requests exploration may send in all (shrinking replays included), and the resources left unchanged, by organizer. */
export interface Budget {
  left: number;
  spare: Record<'main' | 'other', { records: Spare[]; roadmaps: Spare[] }>;
}

/** The calls that change nothing: a resource that met only these is left as it was. */
const READS = new Set<OperationId>(['getRecord', 'getRoadmap', 'listRecords', 'getQuestions', 'getResult']);

/**
 * One sequence's deployment as the commands meet it: every call through the run's context (so the
 * response rules and the run's model judge it too) and through a model of the sequence's own, whose
 * verdicts end the sequence as a failure fast-check shrinks.
 */
export class World {
  readonly exchanges: Exchange[] = [];
  /** The commands that ran, as the failure prints them. */
  readonly steps: string[] = [];
  readonly problems: Problem[] = [];
  readonly records: Held[] = [];
  readonly roadmaps: HeldRoadmap[] = [];
  /** Records authenticated, and those whose answers were accepted, in this sequence (fresh ones are neither). */
  readonly authenticated = new Set<string>();
  readonly finished = new Set<string>();
  /** Tokens of the records and roadmaps a call other than a read was made on. */
  readonly touched = new Set<string>();
  /** Records and roadmaps a call may have changed since they were last read (a roadmap's with its records). */
  readonly dirty = new Set<string>();
  /** The exchanges that read each resource when it was taken (a spare's, for the next sequence). */
  readonly reads = new Map<string, Exchange[]>();
  /** Why the sequence stopped early (its requests or fixtures spent), when it did. */
  stopped?: string;
  /** The sequence's model: what it predicts is what the sequence may state. */
  readonly model = createModel();

  constructor(
    readonly ctx: CheckContext,
    private readonly budget: Budget,
    /** Whose key the sequence calls with: the main organizer's, or the other's. */
    readonly key: 'main' | 'other' = 'main',
  ) {}

  async call<Op extends OperationId>(operationId: Op, options: CallOptions<Op>): Promise<Exchange> {
    if (this.budget.left <= 0) throw new Spent('the requests of exploration are spent');
    this.budget.left--;
    const x = await this.ctx.call(operationId, { ...options, key: this.key });
    const token = (options.params as { token?: string } | undefined)?.token;
    if (token && !READS.has(operationId)) {
      this.touched.add(token);
      const map = this.roadmaps.find((m) => m.token === token || m.records.some((r) => r.token === token));
      for (const t of map ? [map.token, ...map.records.map((r) => r.token)] : [token]) this.dirty.add(t);
    }
    if (token && (operationId === 'getRecord' || operationId === 'getRoadmap')) this.dirty.delete(token);
    this.observe(x);
    return x;
  }

  /** The run's context, its calls this sequence's (a journey's reader, such as the listing's, goes through the model). */
  get context(): CheckContext {
    return { ...this.ctx, call: (operationId, options = {}) => this.call(operationId, options) };
  }

  /** Reads back each record a call may have changed since it was read (and each such roadmap, with `roadmaps`). */
  async readDirty(roadmaps: boolean) {
    for (const map of roadmaps ? this.roadmaps.filter((m) => this.dirty.has(m.token)) : [])
      await this.call('getRoadmap', { params: { token: map.token } });
    for (const r of this.records.filter((r) => this.dirty.has(r.token)))
      await this.call('getRecord', { params: { token: r.token } });
  }

  /** An exchange into the sequence's model: one just made, or a spare's read replayed. */
  observe(x: Exchange) {
    this.exchanges.push(x);
    for (const v of this.model.observe(x)) this.problems.push({ ...v, exchange: x });
    if (x.response.status >= 500)
      this.problem(
        x,
        'response.no-5xx',
        'Every response uses the same envelope (see Errors).',
        `answered ${x.response.status}`,
      );
  }

  /** A resource of a kind: a spare left unchanged by an earlier sequence, else a fresh one. */
  reuse(kind: 'records' | 'roadmaps'): Spare | undefined {
    const spare = this.budget.spare[this.key][kind].shift();
    if (spare) this.model.own(spare.held.token);
    for (const x of spare?.reads ?? []) this.observe(x);
    return spare;
  }

  /** Whether a roadmap or record was changed (or may have been) by a call of this sequence: it or a sibling touched. */
  changed(held: Held | HeldRoadmap): boolean {
    const map = 'roles' in held ? held : this.roadmaps.find((m) => m.token === held.roadmap);
    return map
      ? this.touched.has(map.token) || map.records.some((r) => this.touched.has(r.token))
      : this.touched.has(held.token);
  }

  /** What this sequence left unchanged, for the next one (their reads still say what they are). */
  spareUnchanged() {
    const spare = (held: Held | HeldRoadmap) => ({ held, reads: this.reads.get(held.token) ?? [] });
    const spares = this.budget.spare[this.key];
    spares.roadmaps.push(...this.roadmaps.filter((m) => !this.changed(m)).map(spare));
    spares.records.push(...this.records.filter((r) => !r.roadmap && !this.changed(r)).map(spare));
  }

  problem(exchange: Exchange, id: string, quote: string, message: string) {
    this.problems.push({ id, quote, message, exchanges: [exchange], exchange });
  }

  /** A fresh resource, or the end of the sequence when the fixtures have none. */
  async take(kind: 'ready' | 'roadmaps'): Promise<string> {
    try {
      if (this.budget.left <= 0) throw new Spent('the requests of exploration are spent');
      const token = await (this.key === 'other' && this.ctx.takeOther ? this.ctx.takeOther(kind) : this.ctx.take(kind));
      // Its own: the model holds every change of it to account.
      this.model.own(token);
      return token;
    } catch (error) {
      // The other organizer's provisioning refused (its key may be one the sandbox does not know): its sequences end.
      if (error instanceof HarnessShortfall || this.key === 'other') throw new Spent(String((error as Error).message));
      throw error;
    }
  }

  /** Ends the command as failed when the model or an answer contradicted the interface. */
  settle() {
    const [first] = this.problems;
    if (first) throw new Error(`${first.id}: ${first.message}`);
  }
}
