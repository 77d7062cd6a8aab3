import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function CrashMessage() {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      header={t('crash.title')}
      data-testid="page-crash"
      action={<Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>}
    >
      {t('crash.body')}
    </Alert>
  );
}

/** A screen that throws shows a translated message instead of a blank page; the shell stays usable. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen crashed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashMessage /> : this.props.children;
  }
}
