import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkerJob } from './worker-job';

/** A stand-in Worker: records what it is sent and whether it was ended; the test plays its replies. */
class FakeWorker {
  static last: FakeWorker;
  onmessage: ((event: MessageEvent<number>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: unknown[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(job: unknown) {
    this.sent.push(job);
  }
  terminate() {
    this.terminated = true;
  }
  reply(value: number) {
    this.onmessage?.({ data: value } as MessageEvent<number>);
  }
}

describe('startWorkerJob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends the worker after the last message, and on an error, so no finished worker lingers', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const received: number[] = [];
    const errors: string[] = [];
    const options = {
      createWorker: () => new Worker('unused'),
      runHere: () => {},
      job: 'job',
      onMessage: (message: number) => received.push(message),
      isLast: (message: number) => message < 0,
      onError: (message: string) => errors.push(message),
    };
    startWorkerJob<string, number>(options);
    const worker = FakeWorker.last;
    expect(worker.sent).toEqual(['job']);
    worker.reply(1);
    expect(worker.terminated).toBe(false);
    worker.reply(-1);
    expect(worker.terminated).toBe(true);
    expect(received).toEqual([1, -1]);

    startWorkerJob<string, number>(options);
    FakeWorker.last.onerror?.({ message: 'boom' } as ErrorEvent);
    expect(FakeWorker.last.terminated).toBe(true);
    expect(errors).toEqual(['boom']);
  });

  it('runs the job on the page where there is no Worker, and cancels it before it starts', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', undefined);
    const received: number[] = [];
    const options = {
      createWorker: () => {
        throw new Error('no worker here');
      },
      runHere: (job: number, post: (message: number) => void) => post(job * 2),
      onMessage: (message: number) => received.push(message),
      isLast: () => true,
      onError: () => {},
    };
    startWorkerJob<number, number>({ ...options, job: 21 });
    const cancel = startWorkerJob<number, number>({ ...options, job: 5 });
    cancel();
    vi.runAllTimers();
    expect(received).toEqual([42]);
    vi.useRealTimers();
  });
});
