/**
 * What a command may do with the terminal: write lines to standard output
 * and standard error, and read standard input. Tests pass an in-memory one.
 */

export interface CliIo {
  /** Writes the text and a newline to standard output. */
  stdout(text: string): void;
  /** Writes the text and a newline to standard error. */
  stderr(text: string): void;
  /** Reads standard input to its end. */
  readStdin(): Promise<string>;
}

/** The io of the running process. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(`${text}\n`),
    stderr: (text) => void process.stderr.write(`${text}\n`),
    async readStdin() {
      if (process.stdin.isTTY) process.stderr.write('Reading from standard input; end with Ctrl-D.\n');
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
