/** Spec §8: a failed location write is titled 'Error'; below, the server's message or else the fallback. */
export const locationFailure = (fallback: string) => ({ title: 'Error', fallback });
