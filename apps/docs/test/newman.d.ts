// newman ships no types; this is the part of newman.run the tests use (lib/run/index.js).
declare module 'newman' {
  interface Execution {
    item: { name: string; id?: string };
    response?: { code: number; text(): string };
    requestError?: Error;
    assertions?: { assertion: string; error?: Error }[];
  }
  interface Summary {
    run: {
      executions: Execution[];
      failures: { error: Error; source?: { name: string } }[];
      stats: { assertions: { total: number; failed: number } };
    };
  }
  export function run(
    options: { collection: object; environment?: object; reporters?: string[]; timeoutRequest?: number },
    callback: (error: Error | null, summary: Summary) => void,
  ): void;
}
