/**
 * Runs a command-line tool's `main` with its arguments when the file is run as a program (not when a test imports
 * it): a failure prints only its message, as the tools' users expect, and the process ends with status 1.
 */
export function runAsCommand(module: NodeModule, main: (args: string[]) => Promise<unknown>): void {
  if (require.main !== module) return;
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
