import { afterEach, describe, expect, it } from 'vitest';
import { SignInNotRecordedError, signInRecorder } from '../src/features/auth/sign-in-recorder';
import { startRecorder } from './support/recorder';

const serviceToken = 'a-service-token-of-at-least-32-characters';
const profile = {
  email: 'max@x.test',
  firstName: 'Max',
  lastName: null,
  profileImageUrl: null,
  authType: 'slack',
} as const;
let commandApi: Awaited<ReturnType<typeof startRecorder>> | undefined;
afterEach(() => commandApi?.close());

const recordAgainst = async (answer: { status: number; body: string }) => {
  commandApi = await startRecorder({ ...answer, headers: {} });
  return signInRecorder({
    commandApiUrl: commandApi.url,
    serviceToken,
    publicUrl: 'http://localhost:3000',
    timeoutMs: 2_000,
  });
};

describe('When the gateway records a sign-in', () => {
  it('should call the command API with the service token, the public origin and its request id', async () => {
    const record = await recordAgainst({ status: 200, body: '{"outcome":"signed-in","userId":"u-1"}' });
    expect(await record(profile, 'req-7')).toEqual({ outcome: 'signed-in', userId: 'u-1' });
    const seen = commandApi!.last()!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/internal/sign-ins');
    expect(seen.headers).toMatchObject({
      authorization: `Bearer ${serviceToken}`,
      origin: 'http://localhost:3000',
      'x-correlation-id': 'req-7',
      'content-type': 'application/json',
    });
    expect(JSON.parse(seen.body.toString('utf8'))).toEqual(profile);
  });

  it('should pass on a refusal', async () => {
    const record = await recordAgainst({ status: 200, body: '{"outcome":"no-access"}' });
    expect(await record(profile, 'req-8')).toEqual({ outcome: 'no-access' });
  });

  it.each([401, 400, 500])('should fail with the status when the command API answers %i', async (status) => {
    const record = await recordAgainst({ status, body: '{"message":"no"}' });
    await expect(record(profile, 'req-9')).rejects.toEqual(new SignInNotRecordedError(status));
  });

  it('should fail on an answer it does not understand', async () => {
    const record = await recordAgainst({ status: 200, body: '{"outcome":"maybe"}' });
    await expect(record(profile, 'req-10')).rejects.toThrow();
  });
});
