// What the shop's commands (`npm run backup`, `restore`, `admin:reset-password`) read and print:
// the environment, lines for the person at the terminal (plain, not the server's JSON log) and
// errors. Tests pass their own.

export interface CliIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** The process's own environment, stdout and stderr where a test gave nothing else. */
export const terminalIo = ({
  env = process.env,
  out = (line: string) => console.log(line),
  err = (line: string) => console.error(line),
}: CliIo = {}): Required<CliIo> => ({ env, out, err });
