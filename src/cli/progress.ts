/** Progress on stderr for work that takes over a second: a line redrawn in place on a terminal, a line every few seconds otherwise. */
export interface ProgressTask {
  rename(label: string): void;
  done(): void;
}

export interface Progress {
  task(label: string, fraction: () => number): ProgressTask;
}

const QUIET_FOR_MS = 1000;

export function stderrProgress(stream: NodeJS.WriteStream = process.stderr, enabled = true): Progress {
  return {
    task(label, fraction) {
      if (!enabled) return { rename: () => {}, done: () => {} };
      const started = Date.now();
      let current = label;
      let shown = false;
      let printed = 0;
      const timer = setInterval(
        () => {
          const now = Date.now();
          if (now - started < QUIET_FOR_MS || (!stream.isTTY && now - printed < 5000)) return;
          printed = now;
          const percent = Math.floor(fraction() * 100);
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const text = `${current}: ${percent > 0 ? `${percent}%, ` : ''}${seconds} s…`;
          if (stream.isTTY) stream.write(`\r\x1b[2K${text}`);
          else stream.write(`${text}\n`);
          shown = true;
        },
        250,
      );
      timer.unref();
      return {
        rename: (next) => {
          current = next;
        },
        done: () => {
          clearInterval(timer);
          if (shown && stream.isTTY) stream.write('\r\x1b[2K');
        },
      };
    },
  };
}
