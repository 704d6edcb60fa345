/**
 * schemathesis frames its headings and its last line as pytest does ("==== 2 warnings in 87.75s ===="). A log
 * reader that knows pytest (CI's) takes that last line for the run's result, one in which no test passed: the same
 * words go through without the frame.
 */
export const unframed = (line: string) => line.replace(/^=+ (.+?) =+$/, '-- $1');
