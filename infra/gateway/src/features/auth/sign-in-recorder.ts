import { signInAnswerSchema, type SignInAnswer, type SignInBody } from '@dm/events/http';

export interface SignInRecorderOptions {
  readonly commandApiUrl: string;
  /** SERVICE_TOKEN: the command API lets only our own services record sign-ins. */
  readonly serviceToken: string;
  /** Sent as `Origin`: the command API accepts changes from the public origin only (its CSRF rule). */
  readonly publicUrl: string;
  readonly timeoutMs?: number;
}

/** The command API did not record the sign-in; a 400 means the provider's profile is unusable (too long, no email). */
export class SignInNotRecordedError extends Error {
  constructor(readonly status: number) {
    super(`command-api answered ${status} to a sign-in`);
  }
}

/**
 * The command API is the only writer: it decides who may sign in and records the sign-in (or the refusal)
 * with the same upcasters and rules as every other command. The gateway asks it over HTTP.
 */
export const signInRecorder =
  (options: SignInRecorderOptions) =>
  async (profile: SignInBody, correlationId: string): Promise<SignInAnswer> => {
    const response = await fetch(`${options.commandApiUrl}/internal/sign-ins`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.serviceToken}`,
        'content-type': 'application/json',
        origin: options.publicUrl,
        'x-correlation-id': correlationId,
      },
      body: JSON.stringify(profile),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new SignInNotRecordedError(response.status);
    return signInAnswerSchema.parse(await response.json());
  };

export type RecordSignIn = ReturnType<typeof signInRecorder>;
