/**
 * Work off the main thread: the generic job protocol (startWorkerJob — a thin client that deals a
 * job out to Web Workers and gathers their messages), the expensive balanced intervals' job and
 * worker, and their client and cache (balanced-intervals-service).
 */
export * from './balanced-intervals-service';
export * from './expensive-balanced-job';
export * from './worker-job';
