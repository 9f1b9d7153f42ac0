/**
 * A session's browser as a person reads it ("Chrome 131 no Windows") from its User-Agent, for the
 * list of one's sessions. Only the few families staff use are named; anything else shows the
 * start of the header as it came.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/(?:HeadlessChrome|Chromium|Chrome)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function nomeDoNavegador(userAgent: string): string {
  if (!userAgent) return 'Desconhecido';
  const browser = BROWSERS.map(([pattern, name]) => [userAgent.match(pattern), name] as const).find(([match]) => match);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return userAgent.slice(0, 60);
  const [match, name] = browser;
  return `${name} ${match![1]}${system ? ` no ${system}` : ''}`;
}
