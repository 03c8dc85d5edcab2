import { useState } from 'react';
import { formatCount } from '../../lib/format';
import { toast } from '../../stores/toasts';
import { adminApi, failureMessage, isUnauthorised } from './api';
import { LOGIN_PATH } from './api/session';
import { useCustomerExport } from './export/useCustomerExport';

export function DashboardHeader({ brand }: { brand: string }) {
  const exporter = useCustomerExport(brand);
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await adminApi.session.signOut();
      window.location.assign(LOGIN_PATH);
    } catch (error) {
      // Already signed out on the server (expired, or ended elsewhere): nothing left to end.
      if (isUnauthorised(error)) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      setSigningOut(false);
      toast({
        title: 'Sign Out Failed',
        description: failureMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <header className="adm-header">
      <div className="adm-header-inner">
        <a className="adm-brand" href="/" aria-label={`${brand} home page`}>
          <svg viewBox="0 0 40 40" width="34" height="34" aria-hidden="true">
            <rect width="40" height="40" rx="11" fill="#0b1528" />
            <path d="M20 7l4.2 12.8L20 33l-4.2-13.2z" fill="#f59e0b" />
            <path d="M20 7l4.2 12.8L20 33z" fill="#fbbf24" />
            <circle cx="20" cy="20" r="2.4" fill="#0b1528" />
            <circle cx="20" cy="20" r="10.5" fill="none" stroke="#5eead4" strokeWidth="1.6" strokeDasharray="3 3" />
          </svg>
          <span className="adm-brand-word">{brand}</span>
          <span className="adm-brand-tag">Admin</span>
        </a>
        <div className="adm-header-actions">
          <button
            type="button"
            className="btn btn-primary adm-btn-sm"
            onClick={exporter.start}
            disabled={exporter.running}
            aria-busy={exporter.busyShown}
            data-testid="export-button"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {exporter.busyShown
              ? `Exporting… ${exporter.progress ? formatCount(exporter.progress) : ''}`.trim()
              : 'Export'}
          </button>
          <button
            type="button"
            className="btn btn-outline adm-btn-sm adm-signout"
            onClick={() => void signOut()}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </div>
    </header>
  );
}
