import '@cloudscape-design/global-styles/index.css';
import './app/text-wrap.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { CloudscapeI18n } from './app/cloudscape-i18n.tsx';
import { StartupFailure } from './app/startup-failure.tsx';
import { configureAuth } from './lib/auth.ts';
import { loadConfig } from './lib/config.ts';
import { initI18n, initialLang } from './lib/i18n.ts';
import { refreshOrganizations, refreshProfile } from './lib/session.ts';
import { session } from './lib/session-state.ts';
import { loadCloudscapeMessages } from './locales/cloudscape/index.ts';

/**
 * Start-up: `/config.json` first (docs/ARCHITECTURE.md "The browser"), the shell's strings in the stored language meanwhile,
 * then Amplify and the app. A stored session is shown at once and refreshed from the server; a
 * lapsed one ends there (the API client's 401 rule).
 */
const boot = async () => {
  const configLoad = loadConfig();
  const stored = session.get();
  const lang = initialLang(stored.loggedIn ? stored.profile?.lang : null);
  const [, messages] = await Promise.all([initI18n(lang), loadCloudscapeMessages(lang)]);
  const initial = { lang, messages };
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);

  try {
    configureAuth(await configLoad);
  } catch (error) {
    console.error('config.json could not be loaded', error);
    root.render(
      <CloudscapeI18n initial={initial}>
        <StartupFailure />
      </CloudscapeI18n>,
    );
    return;
  }

  root.render(
    <StrictMode>
      <App initial={initial} />
    </StrictMode>,
  );

  if (session.get().loggedIn) {
    refreshProfile()
      .then(refreshOrganizations)
      .catch(() => {
        // The API client already told the user (or logged out on 401).
      });
  }
};

void boot();
