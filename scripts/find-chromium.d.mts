/** Path of a Chromium to drive, or undefined when none is installed. */
export function findChromium(): string | undefined;
