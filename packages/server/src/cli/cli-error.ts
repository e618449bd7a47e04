/** A failure the command line reports with its message alone (no stack) and an exit code. */
export class CliError extends Error {
  /** 2: the command was called wrongly (bad arguments); 1: it could not do what was asked. */
  readonly exitCode: 1 | 2;

  constructor(message: string, exitCode: 1 | 2) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}
