/**
 * The largest request body any service accepts, and the gateway with them: one number, so the edge refuses
 * exactly what the services would (decision 0410).
 */
export const bodyLimitBytes = 1024 * 1024;

export const bodyTooLargeMessage = `The request body is larger than ${bodyLimitBytes / (1024 * 1024)} MB. Send less at once, for example fewer items per request.`;

/** A CSV import sends its file in the JSON body: 10 MB of text, escaped (docs/decisions/1140-…). */
export const fileBodyLimitBytes = 21 * 1024 * 1024;
export const fileTooLargeMessage = 'The file is larger than 10 MB. Split it into smaller files and import each.';
const fileRoutes = [/^\/api\/discounts\/[^/]+\/codes\/import$/];

/** The limit of a request to this path (query string allowed), and the words of its 413. */
export const bodyLimitFor = (url: string): { bytes: number; message: string } =>
  fileRoutes.some((route) => route.test(url.split('?')[0] ?? ''))
    ? { bytes: fileBodyLimitBytes, message: fileTooLargeMessage }
    : { bytes: bodyLimitBytes, message: bodyTooLargeMessage };
