// The parts of autocannon 8 this bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      // biome-ignore lint/suspicious/noExplicitAny: autocannon hands a free-form per-connection context.
      setupRequest?: (req: Request, context: any) => Request;
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      onResponse?: (status: number, body: string, context: any) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }
    interface Result {
      requests: { average: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
