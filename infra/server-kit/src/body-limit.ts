/**
 * The largest request body any service accepts, and the gateway with them: one number, so the edge refuses
 * exactly what the services would (decision 0410).
 */
export const bodyLimitBytes = 1024 * 1024;

export const bodyTooLargeMessage = `The request body is larger than ${bodyLimitBytes / (1024 * 1024)} MB. Send less at once, for example fewer items per request.`;
