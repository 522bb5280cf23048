import { createTranslator, loadClientConfig, pickLocale } from '@atrium/client-core';
import { StartPage } from '@atrium/client-ui';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

const t = createTranslator(pickLocale(navigator.languages));

function App() {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    loadClientConfig((input, init) => fetch(input, init)).then(
      (config) => setVersion(config.version),
      (error: unknown) => console.warn('client configuration unavailable', error),
    );
  }, []);
  return <StartPage t={t} version={version} logoSrc="/logo.svg" />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
