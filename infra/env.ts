/** Reads a required setting; a missing one stops the process with a message that names it. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Missing environment variable ${name}. Set it, or run everything with \`npm start\`.`);
    process.exit(2);
  }
  return value;
}
