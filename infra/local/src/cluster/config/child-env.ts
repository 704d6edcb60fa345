/** A role's environment: this process's (PATH, KAFKA_BROKERS, store tokens…) with the role's settings on top. */
export const childEnvironment = (settings: Readonly<Record<string, string>>): NodeJS.ProcessEnv => ({
  ...process.env,
  ...settings,
});
