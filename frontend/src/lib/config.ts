import type { WebConfig } from '../../../contracts/config.ts';

let current: WebConfig | undefined;

/** `/config.json` is read once, before anything else (docs/ARCHITECTURE.md "The browser"): one build serves every stage. */
export const loadConfig = async (): Promise<WebConfig> => {
  const response = await fetch('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  current = (await response.json()) as WebConfig;
  return current;
};

export const config = (): WebConfig => {
  if (!current) throw new Error('config.json is not loaded yet');
  return current;
};
